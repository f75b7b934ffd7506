package io.kchaos.nemesis.cluster;

import java.util.List;

/**
 * The metadata quorum as {@code describeMetadataQuorum} answered once: its leader (the active controller), the
 * leader's epoch and the voter ids.
 *
 * @param leader the active controller's node id
 * @param epoch  the leader epoch
 * @param voters the voters' node ids, in order
 */
public record QuorumState(int leader, int epoch, List<Integer> voters) {
    public QuorumState {
        voters = List.copyOf(voters);
    }
}
