package io.kchaos.report;

import java.util.Map;
import java.util.Set;

/** The one-line definitions of every anomaly type, as in docs/format.md, and which of them come from the replica audit. */
public final class AnomalyDefinitions {
    private static final Map<String, String> DEFINITIONS = Map.ofEntries(
            Map.entry("lost-write", "a send acknowledged at (p, o) whose value is never read anywhere, although p was drained "
                    + "completely or some offset of p above o was read"),
            Map.entry("inconsistent-offsets", "one (partition, offset) holds two different values, counting acknowledgements and reads"),
            Map.entry("duplicate", "one value is read at more than one (partition, offset); an acknowledgement naming another "
                    + "offset than the read is inconsistent-offsets, not a duplicate"),
            Map.entry("G1a", "a value whose send definitely failed (fail) was read (aborted read)"),
            Map.entry("nonmonotonic-send", "a process's later acknowledged send to partition p got a lower offset than its earlier one"),
            Map.entry("nonmonotonic-poll", "a consumer process read an offset of p at or below one it already read from p, "
                    + "with no seek in between"),
            Map.entry("poll-skip", "a consumer process jumped from offset a to b > a+1 of p, while some offset strictly "
                    + "between them is known to hold a record"),
            Map.entry("unseen", "acknowledged, never read, no complete drain of its partition and no higher offset of it read: "
                    + "never an anomaly; counted in stats.unseen"),
            Map.entry("replica-divergence", "two replicas of a partition hold different batches (offset range or CRC) below "
                    + "the partition's high watermark"),
            Map.entry("committed-data-missing", "a replica in the final ISR lacks offsets below the high watermark"),
            Map.entry("corrupt-batch", "a batch whose CRC does not match, or bytes that do not parse as a batch (not counting "
                    + "a torn tail above the recovery point)"),
            Map.entry("epoch-lineage-mismatch", "a replica's leader-epoch-checkpoint disagrees with the partitionLeaderEpoch "
                    + "of its own batches, or two replicas disagree on the start offset of an epoch for which both hold data"),
            Map.entry("acked-write-missing-on-replica", "an acknowledged (p, o, value) from the history is absent, or holds "
                    + "another value, in a final-ISR replica's log"),
            Map.entry("checkpoint-unreadable", "a checkpoint file that does not parse; named with its path and line"),
            Map.entry("torn-txn", "a read_committed reader saw some but not all of a committed transaction's writes in a "
                    + "partition range it read completely (docs/history-txn-group.md)"),
            Map.entry("precommitted-read", "a transaction's consumer saw its own writes before the transaction committed"),
            Map.entry("int-nonmonotonic-send", "within one transaction, a later send to partition p got a lower offset than an earlier one"),
            Map.entry("G1c", "a cycle of committed transactions each reading another's writes"),
            Map.entry("nonmonotonic-commit", "a consumer group's committed offset of a partition moved backwards without a declared reset"),
            Map.entry("skipped-on-resume", "after a rebalance or failover a member resumed a partition past its last committed offset"),
            Map.entry("lost-by-group", "an acknowledged record the consumer group never consumed, although it consumed to the end"));

    private static final Set<String> REPLICA_TYPES = Set.of("replica-divergence", "committed-data-missing", "corrupt-batch",
            "epoch-lineage-mismatch", "acked-write-missing-on-replica", "checkpoint-unreadable");

    private AnomalyDefinitions() {
    }

    /** The definition from history.md, or a note that the type is not defined there. */
    public static String definition(String type) {
        return DEFINITIONS.getOrDefault(type, "not defined in history.md (reported by a newer or custom checker)");
    }

    /** True for the anomalies of the on-disk replica audit (verify-logs). */
    public static boolean isReplica(String type) {
        return REPLICA_TYPES.contains(type);
    }
}
