package io.kchaos.history;

/**
 * The field names of the acl workload's op values (docs/format.md, acl ops): the one place its writer and its checker
 * take them from.
 */
public final class AclFields {
    /** acl-change: {@link #GRANT} or {@link #REVOKE}. */
    public static final String CHANGE = "change";
    public static final String GRANT = "grant";
    public static final String REVOKE = "revoke";
    /** The principal whose right is changed and probed, e.g. {@code User:kchaos-acl-probe}. */
    public static final String PRINCIPAL = "principal";
    /** The right changed or probed: Kafka's AclOperation name, {@code WRITE} (a produce) or {@code READ} (a fetch). */
    public static final String OPERATION = "operation";
    /** The topic the right is on (a literal topic binding). */
    public static final String TOPIC = "topic";
    /**
     * acl-change: the metadata quorum's high watermark read at the quorum leader just before the request was sent (a
     * lower bound of the change's record offset), and the one read after the acknowledgement (the record lies below
     * it); -1 when it could not be read.
     */
    public static final String HW_BEFORE = "hw-before";
    public static final String HW_AFTER = "hw-after";
    /** acl-probe: the broker probed, on a connection of its own. */
    public static final String NODE = "node";
    /**
     * acl-probe: the offset of the metadata image the broker had published (its own ApiVersions answer) just before the
     * probe's request was sent, and just after its answer came.
     */
    public static final String OFFSET_BEFORE = "offset-before";
    public static final String OFFSET_AFTER = "offset-after";
    /** acl-probe: {@link #ALLOWED} or {@link #DENIED}: that broker's authorizer's answer to the probe principal. */
    public static final String ANSWER = "answer";
    public static final String ALLOWED = "allowed";
    public static final String DENIED = "denied";

    private AclFields() {
    }
}
