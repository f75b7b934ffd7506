package io.kchaos.checker.replica;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.folder.LeaderChange;
import org.apache.kafka.common.TopicPartition;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;


/**
 * Writes replica anomalies into a {@link CheckResult} with the evidence a reader can check by hand: node id, topic,
 * partition, offsets, epochs, file paths and byte positions. The one place that knows the shape of each example.
 */
final class Findings {
    private final CheckResult result;

    Findings(CheckResult result) {
        this.result = result;
    }

    void warn(String warning) {
        result.warn(warning);
    }

    void checkpointUnreadable(int node, CheckpointProblem p) {
        ObjectNode ex = Json.object();
        ex.put("node", node);
        ex.put("path", p.path().toString());
        ex.put("line", p.line());
        ex.put("reason", p.reason());
        ex.put("text", p.text());
        result.anomaly(Anomalies.CHECKPOINT_UNREADABLE.key(), ex);
    }

    void corruptBatch(Replica r, BatchInfo b, String reason) {
        result.anomaly(Anomalies.CORRUPT_BATCH.key(), b.corruption(replica(r), reason));
    }

    void corruptBytes(Replica r, UnreadableBytes u, long fromOffset, long toOffset) {
        ObjectNode ex = replica(r);
        ex.put("path", u.segment().toString());
        ex.put("position", u.position());
        ex.put("length", u.length());
        ex.put("offset", fromOffset);
        ArrayNode lost = ex.putArray("lost-offsets");
        lost.add(fromOffset);
        if (toOffset == Long.MAX_VALUE) lost.addNull(); else lost.add(toOffset);
        r.recoveryPoint().ifPresent(rp -> ex.put("recovery-point", rp));
        ex.put("reason", u.reason());
        result.anomaly(Anomalies.CORRUPT_BATCH.key(), ex);
    }

    void divergence(TopicPartition tp, long offset, long highWatermark, Map<Replica, BatchInfo> batches) {
        ObjectNode ex = partition(tp);
        ex.put("offset", offset);
        ex.put("high-watermark", highWatermark);
        ObjectNode byNode = ex.putObject("batches");
        batches.forEach((r, b) -> {
            ObjectNode o = b.toJson();
            o.put("final-isr", r.inFinalIsr());
            byNode.set(Integer.toString(r.nodeId()), o);
        });
        result.anomaly(Anomalies.REPLICA_DIVERGENCE.key(), ex);
    }

    /** A final-ISR replica lacks committed offsets: the range, how many offsets and records, and why. */
    void committedDataMissing(Replica r, MissingRanges.Range range, long highWatermark) {
        ObjectNode ex = replica(r);
        ex.put("from-offset", range.from());
        ex.put("to-offset", range.to());
        ex.put("offsets", range.offsets());
        if (range.records() >= 0) ex.put("records", range.records()); else ex.putNull("records");
        ex.put("cause", range.cause().key);
        ex.put("high-watermark", highWatermark);
        ex.put("path", r.partitionDir().path().toString());
        result.anomaly(Anomalies.COMMITTED_DATA_MISSING.key(), ex);
    }

    /** A replica's own epoch checkpoint disagrees with its batches around {@code epoch}. */
    void lineageInReplica(Replica r, int epoch, Long checkpointStart, Long firstOffset, BatchInfo example,
                          int expectedEpoch, long mismatchedBatches) {
        ObjectNode ex = replica(r);
        ex.put("kind", "checkpoint-vs-batches");
        ex.put("epoch", epoch);
        ex.put("checkpoint", r.partitionDir().leaderEpochs().path().toString());
        putNullable(ex, "checkpoint-start-offset", checkpointStart);
        putNullable(ex, "first-offset-in-epoch", firstOffset);
        ex.put("mismatched-batches", mismatchedBatches);
        if (example != null) {
            ObjectNode b = example.toJson();
            if (expectedEpoch >= 0) b.put("checkpoint-epoch-at-offset", expectedEpoch); else b.putNull("checkpoint-epoch-at-offset");
            ex.set("example-batch", b);
        }
        result.anomaly(Anomalies.EPOCH_LINEAGE_MISMATCH.key(), ex);
    }

    /** A replica's epoch checkpoint lacks entries for batches from {@code from} to {@code to} that its log still holds. */
    void epochEntriesMissing(Replica r, List<EpochEntry> entries, long from, long to, SortedSet<Integer> epochs, long batches) {
        ObjectNode ex = replica(r);
        ex.put("checkpoint", r.partitionDir().leaderEpochs().path().toString());
        if (entries.isEmpty()) ex.putNull("first-entry");
        else ex.putArray("first-entry").add(entries.get(0).epoch()).add(entries.get(0).startOffset());
        ex.put("uncovered-from-offset", from);
        ex.put("uncovered-to-offset", to);
        ArrayNode e = ex.putArray("uncovered-epochs");
        epochs.forEach(e::add);
        ex.put("uncovered-batches", batches);
        ex.put("log-start-offset", r.logStartOffset());
        result.anomaly(Anomalies.EPOCH_ENTRIES_MISSING.key(), ex);
    }

    /** A replica's epoch checkpoint goes backwards (epoch or start offset) between two lines. */
    void lineageOrder(Replica r, List<EpochEntry> entries) {
        ObjectNode ex = replica(r);
        ex.put("kind", "checkpoint-order");
        ex.put("checkpoint", r.partitionDir().leaderEpochs().path().toString());
        ArrayNode arr = ex.putArray("entries");
        entries.forEach(e -> arr.addArray().add(e.epoch()).add(e.startOffset()));
        result.anomaly(Anomalies.EPOCH_LINEAGE_MISMATCH.key(), ex);
    }

    void lineageAcrossReplicas(TopicPartition tp, int epoch, Map<Replica, Long> startOffsets) {
        ObjectNode ex = partition(tp);
        ex.put("kind", "across-replicas");
        ex.put("epoch", epoch);
        ObjectNode starts = ex.putObject("start-offsets");
        ObjectNode paths = ex.putObject("checkpoints");
        startOffsets.forEach((r, s) -> {
            starts.put(Integer.toString(r.nodeId()), s);
            paths.put(Integer.toString(r.nodeId()), r.partitionDir().leaderEpochs().path().toString());
        });
        result.anomaly(Anomalies.EPOCH_LINEAGE_MISMATCH.key(), ex);
    }

    /**
     * The last observed leader's checkpoint has no entry for the epoch it led or a later one; {@code ahead} holds the
     * peers' entries above its latest epoch that start within its log (the epochs a follower reports and it cannot resolve).
     */
    void leaderEpochLost(Replica r, LeaderChange observed, Map<Integer, List<EpochEntry>> ahead) {
        ObjectNode ex = replica(r);
        ex.put("leader-epoch", observed.epoch());
        ex.put("observed", observed.source());
        ex.put("checkpoint", r.partitionDir().leaderEpochs().path().toString());
        ArrayNode entries = ex.putArray("entries");
        r.partitionDir().leaderEpochs().entries().forEach(e -> entries.addArray().add(e.epoch()).add(e.startOffset()));
        ex.put("log-end-offset", r.logEndOffset());
        ObjectNode peers = ex.putObject("peers-ahead");
        ahead.forEach((node, list) -> {
            ArrayNode a = peers.putArray(Integer.toString(node));
            list.forEach(e -> a.addArray().add(e.epoch()).add(e.startOffset()));
        });
        result.anomaly(Anomalies.LEADER_EPOCH_LOST.key(), ex);
    }

    /** An acknowledged write not found (found == null) or found with another value on a final-ISR replica. */
    void ackedWriteMissing(Replica r, long offset, long value, long historyIndex, byte[] found, boolean present) {
        ObjectNode ex = replica(r);
        ex.put("offset", offset);
        ex.put("value", value);
        ex.put("index", historyIndex);
        if (present) ex.put("found-value", found == null ? null : text(found)); else ex.put("found", "absent");
        ex.put("path", r.partitionDir().path().toString());
        result.anomaly(Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key(), ex);
    }

    private static ObjectNode replica(Replica r) {
        ObjectNode ex = Json.object();
        ex.put("node", r.nodeId());
        ex.put("topic", r.topicPartition().topic());
        ex.put("partition", r.topicPartition().partition());
        return ex;
    }

    private static ObjectNode partition(TopicPartition tp) {
        ObjectNode ex = Json.object();
        ex.put("topic", tp.topic());
        ex.put("partition", tp.partition());
        return ex;
    }

    private static void putNullable(ObjectNode o, String key, Long v) {
        if (v == null) o.putNull(key); else o.put(key, v);
    }

    /** Bytes as text when they are printable UTF-8, else as hex. */
    static String text(byte[] bytes) {
        String s = new String(bytes, StandardCharsets.UTF_8);
        boolean printable = s.codePoints().allMatch(c -> c >= 0x20 && c != 0x7f && c != 0xfffd);
        if (printable && s.length() <= 200) return s;
        StringBuilder hex = new StringBuilder("0x");
        for (int i = 0; i < Math.min(bytes.length, 64); i++) hex.append(String.format("%02x", bytes[i]));
        if (bytes.length > 64) hex.append("...(").append(bytes.length).append(" bytes)");
        return hex.toString();
    }
}
