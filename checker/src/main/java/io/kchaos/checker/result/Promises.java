package io.kchaos.checker.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static io.kchaos.checker.result.Anomalies.*;

/**
 * The promises every consistency model keeps, declared once: each names the anomalies that break it, so every anomaly
 * that is not a dependency cycle is forbidden by every model here, by name. No model can allow one of them, and
 * {@link #ACKNOWLEDGED_KEPT} keeps a history that lost acknowledged data invalid under every model.
 */
public final class Promises {
    private static final List<Promise> ALL = new ArrayList<>();

    public static final Promise ACKNOWLEDGED_KEPT = declare("acknowledged-kept",
            "what was acknowledged stays: every acknowledged write, committed transaction, group commit, share-group "
                    + "record, admin change and committed metadata batch is kept, on the clients' reads and in the brokers' files",
            LOST_WRITE, TORN_TXN, LOST_BY_GROUP, SHARE_LOST, METADATA_CHANGE_LOST, METADATA_DELETE_UNDONE,
            COMMITTED_DATA_MISSING, ACKED_WRITE_MISSING_ON_REPLICA, RAFT_COMMITTED_LOST, RAFT_COMMITTED_REPLACED);
    public static final Promise COMMITTED_READS = declare("committed-reads",
            "readers see only writes that took effect: no failed send or aborted transaction is read, nor a transaction's "
                    + "own uncommitted write",
            G1A, PRECOMMITTED_READ);
    public static final Promise ONE_LOG = declare("one-log",
            "each partition and the metadata log are one log: one value per offset, each value at one offset of its own "
                    + "topic, every replica and every broker holding the same, intact",
            INCONSISTENT_OFFSETS, DUPLICATE, WRONG_TOPIC, METADATA_DIVERGENCE, METADATA_UNEXPLAINED, METADATA_OFFSET_REGRESSION,
            REPLICA_DIVERGENCE, CORRUPT_BATCH, EPOCH_LINEAGE_MISMATCH, EPOCH_ENTRIES_MISSING, CHECKPOINT_UNREADABLE,
            RAFT_ELECTION_SAFETY, RAFT_LOG_MISMATCH, RAFT_SNAPSHOT_MISMATCH, RAFT_QUORUM_STATE_BEHIND);
    public static final Promise OFFSET_ORDER = declare("offset-order",
            "offsets order a partition: a producer's sends get growing offsets, a consumer reads in offset order without "
                    + "skipping a record, a group's committed offsets only move forward",
            NONMONOTONIC_SEND, NONMONOTONIC_POLL, POLL_SKIP, INT_NONMONOTONIC_SEND, NONMONOTONIC_COMMIT, SKIPPED_ON_RESUME);
    public static final Promise SHARE_DELIVERY = declare("share-delivery",
            "a share group (KIP-932) delivers a record to one holder at a time, never again once accepted or rejected, "
                    + "within its delivery limit, and finishes every record by the end",
            SHARE_CONCURRENT_HOLD, SHARE_REDELIVERED_AFTER_ACCEPT, SHARE_REDELIVERED_AFTER_REJECT, SHARE_DELIVERY_COUNT,
            SHARE_NOT_FINAL);

    private Promises() {
    }

    private static Promise declare(String name, String description, AnomalyType... breaks) {
        Promise p = new Promise(name, description, Arrays.stream(breaks).map(AnomalyType::key).toList());
        ALL.add(p);
        return p;
    }

    /** Every promise, in declaration order. */
    public static List<Promise> all() {
        return List.copyOf(ALL);
    }

    /** The promise an anomaly of this key breaks, if it is one every model forbids. */
    public static Optional<Promise> brokenBy(String key) {
        return ALL.stream().filter(p -> p.forbids().contains(key)).findFirst();
    }
}
