package io.kchaos.checker.replica;

import io.kchaos.history.folder.LeaderChange;
import org.apache.kafka.common.TopicPartition;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code leader-epoch-lost}: the partition's last observed leader must still hold, in its {@code leader-epoch-checkpoint},
 * an entry for the leader epoch it was observed leading, or a later one. Kafka writes that entry when the broker becomes
 * leader (at its log end offset, even with no record behind it) and removes it only by truncation, which a leader never
 * does; without it the leader cannot resolve a follower's last fetched epoch and answers its fetches with
 * OffsetOutOfRange (KAFKA-20961: moving the replica between log dirs keeps only the epochs of its batches).
 *
 * <p>The observation is the partition's last line of {@code leaders.jsonl}, taken after the final drain and before the
 * clean stop; a last line without a leader or an epoch judges nothing. A leader whose log dir lacks the clean-shutdown
 * marker, or whose checkpoint did not parse, is only warned about.
 */
final class LeaderEpochKeptCheck {
    private LeaderEpochKeptCheck() {
    }

    /** Partition → its last observed leadership, for partitions of {@code topic} whose last sample names a leader and an epoch. */
    static Map<TopicPartition, LeaderChange> lastObserved(String topic, List<LeaderChange> samples) {
        Map<Integer, LeaderChange> last = new HashMap<>();
        samples.forEach(s -> last.merge(s.partition(), s, (a, b) -> b.time() >= a.time() ? b : a));
        Map<TopicPartition, LeaderChange> out = new HashMap<>();
        last.forEach((p, s) -> {
            if (s.leader() >= 0 && s.epoch() >= 0) out.put(new TopicPartition(topic, p), s);
        });
        return out;
    }

    /** Checks the leader of {@code observed} among {@code replicas} (after their walk, so that log end offsets are known). */
    static void run(LeaderChange observed, List<Replica> replicas, Findings findings) {
        Replica leader = replicas.stream().filter(r -> r.nodeId() == observed.leader()).findFirst().orElse(null);
        if (leader == null || !leader.partitionDir().leaderEpochs().problems().isEmpty()) return;
        int latest = latestEpoch(leader.partitionDir().leaderEpochs().entries());
        if (latest >= observed.epoch()) return;
        if (!leader.logDir().cleanShutdown()) {
            findings.warn("node " + leader.nodeId() + " " + leader.topicPartition() + ": led epoch " + observed.epoch()
                    + " but its leader-epoch-checkpoint ends at epoch " + latest + "; its log dir was not shut down cleanly, so not counted");
            return;
        }
        Map<Integer, List<EpochEntry>> ahead = new TreeMap<>();
        for (Replica peer : replicas) {
            if (peer == leader || !peer.partitionDir().leaderEpochs().problems().isEmpty()) continue;
            List<EpochEntry> entries = peer.partitionDir().leaderEpochs().entries().stream()
                    .filter(e -> e.epoch() > latest && e.startOffset() <= leader.logEndOffset()).toList();
            if (!entries.isEmpty()) ahead.put(peer.nodeId(), entries);
        }
        findings.leaderEpochLost(leader, observed, ahead);
    }

    private static int latestEpoch(List<EpochEntry> entries) {
        return entries.stream().mapToInt(EpochEntry::epoch).max().orElse(-1);
    }
}
