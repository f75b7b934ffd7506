package io.kchaos.nemesis.cluster;

import java.util.List;

/**
 * The metadata quorum as {@code describeMetadataQuorum} answered once: its leader (the active controller), the
 * leader's epoch, the voter ids and the high watermark the leader announced.
 *
 * @param leader        the active controller's node id
 * @param epoch         the leader epoch
 * @param voters        the voters' node ids, in order
 * @param highWatermark the leader's high watermark (offsets below it are committed), or -1 when it announced none
 *                      (a new leader that has not committed in its epoch yet)
 */
public record QuorumState(int leader, int epoch, List<Integer> voters, long highWatermark) {
    public QuorumState {
        voters = List.copyOf(voters);
    }

    /** A state without a known high watermark. */
    public QuorumState(int leader, int epoch, List<Integer> voters) {
        this(leader, epoch, voters, -1);
    }
}
