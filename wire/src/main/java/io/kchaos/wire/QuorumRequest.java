package io.kchaos.wire;

import org.apache.kafka.common.message.DescribeQuorumResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.DescribeQuorumRequest;
import org.apache.kafka.common.requests.DescribeQuorumResponse;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code DescribeQuorum} (version {@value #VERSION}) sent to one KRaft voter over its own connection: only the
 * quorum's leader answers with the quorum, so asking every voter finds the leader without any cached idea of who it is
 * (an Admin client keeps asking the controller it last knew, even a paused one).
 */
public final class QuorumRequest {
    static final short VERSION = 1;

    /**
     * The quorum as its leader described it.
     *
     * @param leaderId      the leader's id
     * @param leaderEpoch   its epoch
     * @param highWatermark its high watermark, or -1 when it announced none
     * @param voterEnds     each voter's log end offset as the leader last saw it (-1 unknown), by id
     * @param observerEnds  each observer's (brokers, controllers that fetch but do not vote), by id: the highest where a
     *                      node is listed twice (KIP-853 keys replicas by id and directory id: a replaced disk's stale
     *                      entry beside the new one)
     */
    public record Answer(int leaderId, int leaderEpoch, long highWatermark, Map<Integer, Long> voterEnds, Map<Integer, Long> observerEnds) {
        public Answer {
            voterEnds = Map.copyOf(voterEnds);
            observerEnds = Map.copyOf(observerEnds);
        }

        /** The voter ids, in order. */
        public List<Integer> voters() {
            return voterEnds.keySet().stream().sorted().toList();
        }
    }

    private QuorumRequest() {
    }

    /** Asks the voter at host:port; empty when it is not the leader (or names none). */
    public static Optional<Answer> ask(String host, int port, int timeoutMs) throws IOException {
        DescribeQuorumResponse r = (DescribeQuorumResponse) NodeRequest.send(host, port,
                new DescribeQuorumRequest.Builder(DescribeQuorumRequest.singletonRequest(
                        new org.apache.kafka.common.TopicPartition("__cluster_metadata", 0))), VERSION, timeoutMs);
        if (r.data().errorCode() != Errors.NONE.code() || r.data().topics().isEmpty() || r.data().topics().get(0).partitions().isEmpty()) {
            return Optional.empty();
        }
        DescribeQuorumResponseData.PartitionData p = r.data().topics().get(0).partitions().get(0);
        if (p.errorCode() != Errors.NONE.code() || p.leaderId() < 0) return Optional.empty();
        return Optional.of(new Answer(p.leaderId(), p.leaderEpoch(), p.highWatermark(), ends(p.currentVoters()), ends(p.observers())));
    }

    /** Each replica's log end offset by id, the highest where one is listed twice. */
    private static Map<Integer, Long> ends(List<DescribeQuorumResponseData.ReplicaState> replicas) {
        Map<Integer, Long> out = new TreeMap<>();
        replicas.forEach(r -> out.merge(r.replicaId(), r.logEndOffset(), Math::max));
        return out;
    }
}
