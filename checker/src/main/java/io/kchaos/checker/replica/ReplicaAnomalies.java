package io.kchaos.checker.replica;

/** The replica anomaly keys of results.json, exactly as named in docs/format.md. */
public final class ReplicaAnomalies {
    public static final String REPLICA_DIVERGENCE = "replica-divergence";
    public static final String COMMITTED_DATA_MISSING = "committed-data-missing";
    public static final String CORRUPT_BATCH = "corrupt-batch";
    public static final String EPOCH_LINEAGE_MISMATCH = "epoch-lineage-mismatch";
    public static final String ACKED_WRITE_MISSING_ON_REPLICA = "acked-write-missing-on-replica";
    public static final String CHECKPOINT_UNREADABLE = "checkpoint-unreadable";

    private ReplicaAnomalies() {
    }
}
