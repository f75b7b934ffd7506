package io.kchaos.checker.raft;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.replica.BatchInfo;
import io.kchaos.checker.replica.UnreadableBytes;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;

import java.util.Collection;
import java.util.List;

/**
 * Writes the Raft audit's anomalies into a {@link CheckResult} with evidence a reader can check by hand (node ids,
 * offsets, epochs, CRCs, file paths and byte positions): the one place that knows the shape of each example.
 */
final class RaftFindings {
    private final CheckResult result;

    RaftFindings(CheckResult result) {
        this.result = result;
    }

    void warn(String warning) {
        result.warn(warning);
    }

    void corruptBatch(MetadataNode n, BatchInfo b, String reason) {
        result.anomaly(Anomalies.CORRUPT_BATCH.key(), b.corruption(node(n), reason));
    }

    /** Bytes that do not parse: after a clean stop, a metadata log or snapshot has no torn tail. */
    void corruptBytes(MetadataNode n, UnreadableBytes u) {
        ObjectNode ex = node(n);
        ex.put("path", u.segment().toString());
        ex.put("position", u.position());
        ex.put("length", u.length());
        if (u.offsetHint() >= 0) ex.put("offset", u.offsetHint()); else ex.putNull("offset");
        ex.put("reason", u.reason());
        result.anomaly(Anomalies.CORRUPT_BATCH.key(), ex);
    }

    void electionSafety(FirstDifference d, MetadataNode a, MetadataNode b) {
        ObjectNode ex = partition();
        ex.put("offset", d.offset());
        ex.put("epoch", d.a().leaderEpoch());
        ObjectNode batches = ex.putObject("batches");
        batches.set(Integer.toString(a.id()), batch(d.a()));
        batches.set(Integer.toString(b.id()), batch(d.b()));
        result.anomaly(Anomalies.RAFT_ELECTION_SAFETY.key(), ex);
    }

    /** A committed batch, the voters in force holding it, and the node (a voter in force there or not) that replaced it. */
    void committedReplaced(BatchInfo committed, Collection<Integer> heldBy, MetadataNode replacer, boolean replacerVoter, BatchInfo replacement) {
        ObjectNode ex = partition();
        ex.put("offset", committed.baseOffset());
        ObjectNode c = batch(committed);
        ArrayNode held = c.putArray("held-by");
        heldBy.forEach(held::add);
        ex.set("committed", c);
        ObjectNode r = Json.object();
        r.put("node", replacer.id());
        r.put("voter", replacerVoter);
        r.setAll(batch(replacement));
        ex.set("replaced-by", r);
        result.anomaly(Anomalies.RAFT_COMMITTED_REPLACED.key(), ex);
    }

    /** Two observations that name different leaders for one epoch. */
    void observedLeaders(QuorumObservation first, QuorumObservation second) {
        ObjectNode ex = partition();
        ex.put("epoch", first.leaderEpoch());
        ex.putArray("observations").add(observation(first)).add(observation(second));
        result.anomaly(Anomalies.RAFT_ELECTION_SAFETY.key(), ex);
    }

    /** Offsets below an announced high watermark that a majority of the final voters lacks. */
    void committedLost(CommittedLoss.Lost lost) {
        ObjectNode ex = partition();
        ex.put("from-offset", lost.from());
        ex.put("to-offset", lost.to());
        ex.put("offsets", lost.to() - lost.from() + 1);
        ex.set("committed-by", observation(lost.proof()));
        ArrayNode lacking = ex.putArray("lacking");
        lost.lacking().forEach(lacking::add);
        ObjectNode found = ex.putObject("found");
        lost.found().forEach((id, b) -> {
            if (b.isPresent()) found.set(Integer.toString(id), batch(b.get()));
            else found.put(Integer.toString(id), "absent");
        });
        result.anomaly(Anomalies.RAFT_COMMITTED_LOST.key(), ex);
    }

    void logMismatch(FirstDifference d, MetadataNode a, MetadataNode b, BatchInfo match) {
        ObjectNode ex = partition();
        ex.put("offset", d.offset());
        ex.putArray("nodes").add(a.id()).add(b.id());
        ObjectNode m = ex.putObject("matching");
        m.put("offset", match.baseOffset());
        m.put("epoch", match.leaderEpoch());
        ObjectNode batches = ex.putObject("batches");
        batches.set(Integer.toString(a.id()), batch(d.a()));
        batches.set(Integer.toString(b.id()), batch(d.b()));
        result.anomaly(Anomalies.RAFT_LOG_MISMATCH.key(), ex);
    }

    void snapshotEpochBehindLog(MetadataNode holder, SnapshotFile s, MetadataNode logNode, BatchInfo b) {
        ObjectNode ex = snapshot(holder, s, "epoch-behind-log");
        ex.put("log-node", logNode.id());
        ex.set("batch", batch(b));
        result.anomaly(Anomalies.RAFT_SNAPSHOT_MISMATCH.key(), ex);
    }

    /**
     * A snapshot whose end offset fewer than a majority of the voters in force reach: each voter's log end offset (or
     * absent) and its latest snapshot's end offset, and those that reach it.
     */
    void snapshotBeyondMajority(MetadataNode holder, SnapshotFile s, VoterSet voters, List<MetadataLog> voterLogs, List<Integer> reachedBy) {
        ObjectNode ex = snapshot(holder, s, "beyond-logs");
        ArrayNode ids = ex.putArray("voters");
        voters.voters().forEach(ids::add);
        ex.put("majority", voters.majority());
        ArrayNode reached = ex.putArray("reached-by");
        reachedBy.forEach(reached::add);
        ObjectNode ends = ex.putObject("log-end-offsets");
        ObjectNode snapshotEnds = ex.putObject("snapshot-end-offsets");
        for (int id : voters.voters()) {
            MetadataLog l = voterLogs.stream().filter(v -> v.node().id() == id).findFirst().orElse(null);
            if (l == null) ends.put(Integer.toString(id), "absent");
            else ends.put(Integer.toString(id), l.endOffset());
            if (l != null && l.snapshotEnd() > 0) snapshotEnds.put(Integer.toString(id), l.snapshotEnd());
        }
        result.anomaly(Anomalies.RAFT_SNAPSHOT_MISMATCH.key(), ex);
    }

    void quorumStateBehind(MetadataNode n, QuorumStateFile q, int maxLogEpoch, int maxSnapshotEpoch) {
        ObjectNode ex = node(n);
        ex.put("quorum-state", q.path().toString());
        ex.put("leader-epoch", q.leaderEpoch());
        ex.put("max-log-epoch", maxLogEpoch);
        ex.put("max-snapshot-epoch", maxSnapshotEpoch);
        result.anomaly(Anomalies.RAFT_QUORUM_STATE_BEHIND.key(), ex);
    }

    private static ObjectNode observation(QuorumObservation o) {
        ObjectNode n = Json.object();
        n.put("high-watermark", o.highWatermark());
        if (o.leaderId() >= 0) n.put("leader", o.leaderId()); else n.putNull("leader");
        if (o.leaderEpoch() >= 0) n.put("epoch", o.leaderEpoch()); else n.putNull("epoch");
        n.put("source", o.source());
        return n;
    }

    private static ObjectNode snapshot(MetadataNode holder, SnapshotFile s, String kind) {
        ObjectNode ex = node(holder);
        ex.put("kind", kind);
        ex.put("snapshot", s.path().toString());
        ex.put("end-offset", s.endOffset());
        ex.put("epoch", s.epoch());
        return ex;
    }

    private static ObjectNode node(MetadataNode n) {
        ObjectNode ex = Json.object();
        ex.put("node", n.id());
        ex.setAll(partition());
        return ex;
    }

    private static ObjectNode partition() {
        ObjectNode ex = Json.object();
        ex.put("topic", MetadataLog.METADATA.topic());
        ex.put("partition", MetadataLog.METADATA.partition());
        return ex;
    }

    private static ObjectNode batch(BatchInfo b) {
        ObjectNode o = b.toJson();
        o.put("control", b.control());
        return o;
    }
}
