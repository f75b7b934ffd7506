package io.kchaos.checker.replica;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import org.apache.kafka.common.TopicPartition;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Audits the replicas of one partition in a single lock-step pass over their logs (one batch per replica in memory):
 * batches at the same offset below the high watermark must be the same batch ({@code replica-divergence}); a final-ISR
 * replica must hold every offset below it that another replica holds, and everything up to it
 * ({@code committed-data-missing}). Per-replica checks (epoch lineage, acknowledged writes) ride along on each
 * replica's walk; the epoch start offsets are compared across replicas at the end.
 *
 * <p>A replica outside the final ISR is only compared on the prefix it has, and only up to where its batches carry
 * another epoch than the final ISR's: past that point it holds an uncommitted suffix from an old leadership that Kafka
 * truncates when the replica rejoins, which is noted, not reported.
 */
final class PartitionAudit {
    private final TopicPartition topicPartition;
    private final List<Replica> replicas;
    private final Map<Replica, EpochLineageCheck> lineages;
    private final long highWatermark;
    private final Findings findings;
    /** Divergences whose batches all start at or below this offset continue a case already reported. */
    private long reportedThrough = -1;
    private long batchesCompared;

    PartitionAudit(TopicPartition topicPartition, List<Replica> replicas, Map<Replica, EpochLineageCheck> lineages,
                   long highWatermark, Findings findings) {
        this.topicPartition = topicPartition;
        this.replicas = replicas;
        this.lineages = lineages;
        this.highWatermark = highWatermark;
        this.findings = findings;
    }

    void run() {
        for (Replica r : replicas) r.start(highWatermark);
        while (true) {
            long lo = Long.MAX_VALUE;
            for (Replica r : replicas) {
                if (r.head() != null) lo = Math.min(lo, r.head().baseOffset());
            }
            if (lo == Long.MAX_VALUE) break;
            if (lo < highWatermark) {
                checkMissing(lo);
                compare(lo);
            }
            for (Replica r : replicas) {
                if (r.head() != null && r.head().baseOffset() == lo) r.consume();
            }
        }
        for (Replica r : replicas) r.finish();
        new CrossReplicaLineageCheck(topicPartition, lineages, findings).run();
    }

    /** Final-ISR replicas that do not hold offset {@code lo} in a good batch (absent or damaged), which another replica holds. */
    private void checkMissing(long lo) {
        long end = highWatermark - 1;
        BatchInfo held = null;
        for (Replica r : replicas) {
            if (r.head() != null && r.head().baseOffset() == lo) {
                end = Math.min(end, r.head().lastOffset());
                held = r.head();
            }
        }
        for (Replica r : replicas) {
            if (!r.inFinalIsr() || r.covers(lo) || lo < r.logStartOffset()) continue;
            if (r.head() != null && r.head().baseOffset() == lo) continue;
            long to = r.head() == null ? end : Math.min(end, r.head().baseOffset() - 1);
            r.missing(lo, to, held);
        }
    }

    /** Compares the batches the replicas hold at offset {@code lo} (below the high watermark). */
    private void compare(long lo) {
        Map<Replica, BatchInfo> views = new LinkedHashMap<>();
        boolean aligned = true;
        for (Replica r : replicas) {
            if (r.stale() || lo < r.logStartOffset()) continue;
            BatchInfo head = r.head();
            BatchInfo last = r.lastConsumed();
            if (head != null && head.baseOffset() == lo) {
                views.put(r, head);
            } else if (last != null && last.lastOffset() >= lo) { // holds lo inside a batch that started earlier
                views.put(r, last);
                aligned = false;
            }
        }
        if (views.size() < 2) return;
        if (aligned) batchesCompared++;
        dropStale(views, lo);
        if (views.size() < 2) return;
        BatchInfo ref = views.values().iterator().next();
        if (views.values().stream().allMatch(b -> b.sameBatchAs(ref))) return;
        boolean fresh = views.values().stream().allMatch(b -> b.baseOffset() > reportedThrough);
        for (BatchInfo b : views.values()) reportedThrough = Math.max(reportedThrough, b.lastOffset());
        if (fresh) findings.divergence(topicPartition, lo, highWatermark, views);
    }

    /**
     * Removes replicas outside the final ISR whose batch here differs from the final ISR's and carries another epoch
     * (with no final-ISR replica at this offset, those with a lower epoch than the newest one present).
     */
    private void dropStale(Map<Replica, BatchInfo> views, long lo) {
        Replica ref = views.keySet().stream().filter(Replica::inFinalIsr).findFirst().orElse(null);
        if (ref != null) {
            BatchInfo refBatch = views.get(ref);
            views.entrySet().removeIf(e -> {
                Replica r = e.getKey();
                BatchInfo b = e.getValue();
                if (r.inFinalIsr() || b.sameBatchAs(refBatch) || b.leaderEpoch() == refBatch.leaderEpoch()) return false;
                r.markStale(lo, b.leaderEpoch(), refBatch.leaderEpoch());
                return true;
            });
            return;
        }
        int newest = views.values().stream().mapToInt(BatchInfo::leaderEpoch).max().orElse(-1);
        BatchInfo first = views.values().iterator().next();
        if (views.values().stream().allMatch(b -> b.sameBatchAs(first))) return;
        views.entrySet().removeIf(e -> {
            if (e.getValue().leaderEpoch() >= newest) return false;
            e.getKey().markStale(lo, e.getValue().leaderEpoch(), newest);
            return true;
        });
    }

    /** Statistics of this partition for {@code stats.replicas["<topic>-<partition>"]}. */
    ObjectNode stats(String isrSource, Map<Replica, AckedWriteCheck> ackChecks) {
        ObjectNode s = Json.object();
        ArrayNode nodes = s.putArray("replicas");
        ArrayNode isr = s.putArray("final-isr");
        for (Replica r : replicas) {
            nodes.add(r.nodeId());
            if (r.inFinalIsr()) isr.add(r.nodeId());
        }
        s.put("final-isr-source", isrSource);
        s.put("high-watermark", highWatermark);
        s.put("batches-compared", batchesCompared);
        Replica reference = replicas.stream().filter(r -> r.inFinalIsr() && lineages.get(r).usable()).findFirst()
                .orElse(replicas.get(0));
        s.put("epochs-from-node", reference.nodeId());
        ArrayNode epochs = s.putArray("epochs");
        reference.partitionDir().leaderEpochs().entries().forEach(e -> epochs.addArray().add(e.epoch()).add(e.startOffset()));
        ObjectNode lineages = s.putObject("epochs-by-node");
        for (Replica r : replicas) {
            ArrayNode own = lineages.putArray(Integer.toString(r.nodeId()));
            r.partitionDir().leaderEpochs().entries().forEach(e -> own.addArray().add(e.epoch()).add(e.startOffset()));
        }
        if (replicas.stream().anyMatch(Replica::hasRemoteRange)) {
            ObjectNode local = s.putObject("local-log-start-offsets");
            replicas.stream().filter(Replica::hasRemoteRange).forEach(r -> local.put(Integer.toString(r.nodeId()), r.logStartOffset()));
        }
        ObjectNode starts = s.putObject("log-start-offsets");
        ObjectNode ends = s.putObject("log-end-offsets");
        ObjectNode batches = s.putObject("batches");
        long torn = 0;
        for (Replica r : replicas) {
            String node = Integer.toString(r.nodeId());
            starts.put(node, r.logStartOffset());
            ends.put(node, r.logEndOffset());
            batches.put(node, r.batches());
            torn += r.tornTails();
        }
        s.put("torn-tails", torn);
        if (!ackChecks.isEmpty()) {
            ObjectNode acked = s.putObject("acked-writes");
            ackChecks.forEach((r, c) -> {
                ObjectNode o = acked.putObject(Integer.toString(r.nodeId()));
                o.put("checked", c.checked());
                o.put("unverifiable", c.unverifiable());
                o.put("below-log-start", c.belowLogStart());
                if (r.hasRemoteRange()) o.put("in-remote-tier", c.inRemoteTier());
            });
        }
        return s;
    }

    List<Replica> replicas() {
        return replicas;
    }
}
