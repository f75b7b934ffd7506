package io.kchaos.checker.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The promises every consistency model keeps, declared once: each names the anomalies that break it, so every anomaly
 * that is not a dependency cycle is forbidden by every model here, by name. No model can allow one of them, and
 * {@link #ACKNOWLEDGED_KEPT} keeps a history that lost acknowledged data invalid under every model.
 */
public final class Promises {
    private static final List<Promise> ALL = new ArrayList<>();

    public static final Promise ACKNOWLEDGED_KEPT = declare("acknowledged-kept",
            "what was acknowledged stays: every acknowledged write, committed transaction, group commit, share-group "
                    + "record, admin change (a voter removal too) and committed metadata batch is kept, on the clients' reads and in the brokers' files",
            Anomalies.LOST_WRITE, Anomalies.PREMATURE_DELETION, Anomalies.UNREADABLE_WRITE, Anomalies.TORN_TXN, Anomalies.LOST_BY_GROUP, Anomalies.SHARE_LOST,
            Anomalies.METADATA_CHANGE_LOST, Anomalies.METADATA_DELETE_UNDONE, Anomalies.VOTER_REMOVAL_UNDONE,
            Anomalies.COMMITTED_DATA_MISSING, Anomalies.ACKED_WRITE_MISSING_ON_REPLICA, Anomalies.REMOTE_SEGMENT_LOST, Anomalies.RAFT_COMMITTED_LOST,
            Anomalies.RAFT_COMMITTED_REPLACED);
    public static final Promise COMMITTED_READS = declare("committed-reads",
            "readers see only writes that took effect: no failed send or aborted transaction is read, nor a transaction's "
                    + "own uncommitted write",
            Anomalies.G1A, Anomalies.PRECOMMITTED_READ);
    public static final Promise ONE_LOG = declare("one-log",
            "each partition and the metadata log are one log: one value per offset, each value at one offset of its own "
                    + "topic, every replica and every broker holding the same, intact",
            Anomalies.INCONSISTENT_OFFSETS, Anomalies.DUPLICATE, Anomalies.WRONG_TOPIC, Anomalies.METADATA_DIVERGENCE,
            Anomalies.METADATA_UNEXPLAINED, Anomalies.METADATA_OFFSET_REGRESSION, Anomalies.REPLICA_DIVERGENCE,
            Anomalies.CORRUPT_BATCH, Anomalies.EPOCH_LINEAGE_MISMATCH, Anomalies.EPOCH_ENTRIES_MISSING,
            Anomalies.LEADER_EPOCH_LOST, Anomalies.CHECKPOINT_UNREADABLE, Anomalies.RAFT_ELECTION_SAFETY, Anomalies.RAFT_LOG_MISMATCH,
            Anomalies.RAFT_SNAPSHOT_MISMATCH, Anomalies.RAFT_QUORUM_STATE_BEHIND);
    public static final Promise OFFSET_ORDER = declare("offset-order",
            "offsets order a partition: a producer's sends get growing offsets, a consumer reads in offset order without "
                    + "skipping a record, a group's committed offsets only move forward",
            Anomalies.NONMONOTONIC_SEND, Anomalies.NONMONOTONIC_POLL, Anomalies.POLL_SKIP, Anomalies.INT_NONMONOTONIC_SEND,
            Anomalies.NONMONOTONIC_COMMIT, Anomalies.SKIPPED_ON_RESUME);
    public static final Promise FENCING_HAS_A_RIVAL = declare("fencing-has-a-rival",
            "a transactional producer is fenced, or loses its producer id, only through a newer producer with its "
                    + "transactional.id (or, for the producer id, the transactional.id's expiry)",
            Anomalies.FENCED_WITHOUT_RIVAL, Anomalies.UNMAPPED_WITHOUT_RIVAL);
    public static final Promise TXN_ID_REUSABLE = declare("txn-id-reusable",
            "a transactional.id can always be initialized again once faults healed: InitProducerId fences its old producer, "
                    + "settles its open transaction and, when the epochs run out, hands it a new producer id",
            Anomalies.TXN_ID_UNUSABLE);
    public static final Promise TIMEOUT_ABORT_RECOVERABLE = declare("timeout-abort-recoverable",
            "a client whose transaction its coordinator aborted on the transaction timeout learns it as a fencing "
                    + "(PRODUCER_FENCED: start a new producer), never as a fatal protocol error",
            Anomalies.TXN_FATAL_AFTER_TIMEOUT);
    public static final Promise OPERATIONS_COMPLETE = declare("operations-complete",
            "an operation Kafka accepted is carried out once nothing it needs is missing: a reassignment whose new replicas "
                    + "are in sync completes when completing it cannot shrink the ISR",
            Anomalies.REASSIGNMENT_STUCK);
    public static final Promise SHARE_DELIVERY = declare("share-delivery",
            "a share group (KIP-932) delivers a record to one holder at a time, never again once accepted or rejected, "
                    + "within its delivery limit, and finishes every record by the end",
            Anomalies.SHARE_CONCURRENT_HOLD, Anomalies.SHARE_REDELIVERED_AFTER_ACCEPT, Anomalies.SHARE_REDELIVERED_AFTER_REJECT,
            Anomalies.SHARE_DELIVERY_COUNT, Anomalies.SHARE_NOT_FINAL);
    public static final Promise ACL_ENFORCED = declare("acl-enforced",
            "a broker that has applied an acknowledged ACL change authorizes by it: a revoked right is refused and a "
                    + "granted one allowed from then on, until it applies a later change",
            Anomalies.ACL_REVOKED_ALLOWED, Anomalies.ACL_GRANTED_DENIED);

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
