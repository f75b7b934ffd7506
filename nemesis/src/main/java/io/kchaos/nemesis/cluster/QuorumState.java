package io.kchaos.nemesis.cluster;

import java.util.List;
import java.util.Map;

/**
 * The metadata quorum as {@code describeMetadataQuorum} answered once: its leader (the active controller), the
 * leader's epoch, the voter ids, the high watermark the leader announced, and each replica's log end offset as the
 * leader last saw it.
 *
 * @param leader        the active controller's node id
 * @param epoch         the leader epoch
 * @param voters        the voters' node ids, in order
 * @param highWatermark the leader's high watermark (offsets below it are committed), or -1 when it announced none
 *                      (a new leader that has not committed in its epoch yet)
 * @param voterEnds     each voter's log end offset by id (-1 unknown); empty where the answer did not say
 * @param observerEnds  each observer's (a broker's, a controller's not voting) log end offset by id
 */
public record QuorumState(int leader, int epoch, List<Integer> voters, long highWatermark, Map<Integer, Long> voterEnds,
                          Map<Integer, Long> observerEnds) {
    public QuorumState {
        voters = List.copyOf(voters);
        voterEnds = Map.copyOf(voterEnds);
        observerEnds = Map.copyOf(observerEnds);
    }

    /** A state without the replicas' log end offsets. */
    public QuorumState(int leader, int epoch, List<Integer> voters, long highWatermark) {
        this(leader, epoch, voters, highWatermark, Map.of(), Map.of());
    }

    /** A state without a known high watermark. */
    public QuorumState(int leader, int epoch, List<Integer> voters) {
        this(leader, epoch, voters, -1);
    }
}
