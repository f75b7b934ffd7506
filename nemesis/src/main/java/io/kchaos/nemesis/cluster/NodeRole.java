package io.kchaos.nemesis.cluster;

/**
 * What a KRaft node runs ({@code process.roles}): a broker only, a controller only (a dedicated voter of the
 * metadata quorum), or both (combined mode, kchaos's default). Data faults aim at nodes that run a broker; controller
 * faults at the quorum's voters.
 */
public enum NodeRole {
    BROKER("broker"), CONTROLLER("controller"), COMBINED("broker,controller");

    private final String processRoles;

    NodeRole(String processRoles) {
        this.processRoles = processRoles;
    }

    /** The node's {@code process.roles} value. */
    public String processRoles() {
        return processRoles;
    }

    /** True when the node serves clients and replicates partitions. */
    public boolean broker() {
        return this != CONTROLLER;
    }

    /** True when the node is a voter of the metadata quorum. */
    public boolean controller() {
        return this != BROKER;
    }
}
