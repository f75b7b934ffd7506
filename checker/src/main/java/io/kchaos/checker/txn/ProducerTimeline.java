package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.AnomalyType;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.FaultRole;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.history.TxnFields;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The producers of a transaction history, per transactional.id: the producer ids and epochs its transactions ended
 * with, in history order, and the workload's producer instances (docs/history-txn-group.md). Reports
 * {@code fenced-without-rival} — a transaction fenced while the history proves no other producer of its
 * transactional.id existed, unless it was held open past its producer's transaction timeout (its coordinator's abort
 * fences it) — and, by the same proof, {@code unmapped-without-rival} (its producer id unknown to its coordinator,
 * INVALID_PRODUCER_ID_MAPPING: KAFKA-20310's answer to a commit retried across a coordinator failover), and writes the
 * figures ({@code stats.txn.producers}): max epoch, producer id changes, epoch exhaustions crossed, transaction ends
 * that were in flight when their coordinator was killed, transactions per producer id.
 */
final class ProducerTimeline {
    /** An epoch at or above this, followed by a new producer id at an epoch below {@link #FRESH_EPOCH}: exhaustion crossed. */
    static final int EXHAUSTED_EPOCH = 32_000;
    static final int FRESH_EPOCH = 1_000;
    private static final int MAX_SEGMENTS = 50;
    /**
     * Transactions invoked before, and completed after, a kill of their transactional.id's coordinator: their end
     * (commit or abort) was in flight, or still to come, when the coordinator died, so it was answered by the next one.
     */
    static final String ENDS_ACROSS_COORDINATOR_KILL = "ends-across-coordinator-kill";
    /**
     * Of those, the ends of transactions at the last epochs (the producer's epoch before it, or the one its completion
     * names, at or above {@link #EXHAUSTED_EPOCH}): the commit or abort that rotates the producer id, answered by the
     * next coordinator (KAFKA-20310's conditions).
     */
    static final String EXHAUSTED_ENDS_ACROSS_COORDINATOR_KILL = "exhausted-ends-across-coordinator-kill";

    private final Map<String, Producer> byId = new TreeMap<>();
    /** Per transactional.id, the time of the last kill of its coordinator that held ({@code kill}, role coordinator). */
    private final Map<String, Long> lastCoordinatorKill = new TreeMap<>();

    /** A nemesis op: remembers when the coordinator of a transactional.id was killed (the {@code ok} of its kill). */
    void nemesis(Op op) {
        if (!op.isOk() || !NemesisOps.KILL.f().equals(op.f())) return;
        FaultRole.of(op.value()).filter(r -> FaultRole.COORDINATOR.equals(r.kind()) && r.of() != null)
                .map(r -> r.of().path(TxnFields.TRANSACTIONAL_ID))
                .filter(JsonNode::isTextual)
                .ifPresent(id -> lastCoordinatorKill.put(id.asText(), op.time()));
    }

    /** One transaction's completion, with its invocation's index and time (-1: no invocation seen). */
    void completed(Op op, long invokeIndex, long invokeTime) {
        JsonNode v = op.value();
        if (v == null || !v.isObject() || !v.path(TxnFields.TRANSACTIONAL_ID).isTextual()) return;
        Producer p = byId.computeIfAbsent(v.get(TxnFields.TRANSACTIONAL_ID).asText(), Producer::new);
        int instance = v.path(TxnFields.PRODUCER_INSTANCE).asInt(-1);
        p.transactions++;
        Long kill = lastCoordinatorKill.get(p.transactionalId);
        if (invokeIndex >= 0 && kill != null && kill > invokeTime) {
            p.endsAcrossCoordinatorKill++;
            int epochBefore = p.segments.isEmpty() ? -1 : p.segments.get(p.segments.size() - 1).lastEpoch;
            if (Math.max(epochBefore, v.path(TxnFields.PRODUCER_EPOCH).asInt(-1)) >= EXHAUSTED_EPOCH) p.exhaustedEndsAcrossCoordinatorKill++;
        }
        if (instance >= 0) p.instance(instance).ran(invokeIndex < 0 ? 0 : invokeIndex, op.index());
        if (v.path(TxnFields.PRODUCER_ID).isIntegralNumber() && v.path(TxnFields.PRODUCER_EPOCH).isIntegralNumber()) {
            p.epoch(v.get(TxnFields.PRODUCER_ID).asLong(), v.get(TxnFields.PRODUCER_EPOCH).asInt(), op.index());
        }
        AnomalyType refusal = TxnFields.isFencing(op.error()) ? Anomalies.FENCED_WITHOUT_RIVAL
                : TxnFields.isUnmapped(op.error()) ? Anomalies.UNMAPPED_WITHOUT_RIVAL : null;
        if (refusal != null) {
            ObjectNode c = Json.object();
            c.put(TxnFields.TRANSACTIONAL_ID, p.transactionalId);
            c.put(TxnFields.PRODUCER_INSTANCE, instance);
            c.put("process", op.process());
            c.put("index", op.index());
            c.put("type", op.type().wire());
            c.put("error", op.error());
            if (v.has(TxnFields.PRODUCER_ID)) c.set(TxnFields.PRODUCER_ID, v.get(TxnFields.PRODUCER_ID));
            if (v.has(TxnFields.PRODUCER_EPOCH)) c.set(TxnFields.PRODUCER_EPOCH, v.get(TxnFields.PRODUCER_EPOCH));
            if (invokeIndex >= 0) {
                c.put("invoke-index", invokeIndex);
                c.put("open-ms", (op.time() - invokeTime) / 1_000_000);
            }
            if (v.has(TxnFields.STALLED_MS)) c.set(TxnFields.STALLED_MS, v.get(TxnFields.STALLED_MS));
            // judge's stalledPastTimeout reads the producer's own timeout from here
            if (v.has(TxnFields.TRANSACTION_TIMEOUT_MS)) c.set(TxnFields.TRANSACTION_TIMEOUT_MS, v.get(TxnFields.TRANSACTION_TIMEOUT_MS));
            p.refusals.add(new Refusal(refusal, c));
        }
    }

    /** Judges every fencing and writes the figures under {@code txn}; nothing when no completion named a transactional.id. */
    void judge(CheckResult result, ObjectNode txnStats) {
        if (byId.isEmpty()) return;
        long fencings = 0;
        long changes = 0;
        long exhaustions = 0;
        long acrossKills = 0;
        long exhaustedAcrossKills = 0;
        int maxEpoch = -1;
        ObjectNode each = Json.object();
        for (Producer p : byId.values()) {
            fencings += p.fencings();
            for (Refusal r : p.refusals) {
                ObjectNode f = r.evidence();
                if (!TxnFields.stalledPastTimeout(f) && p.provesNoRival(f.get(TxnFields.PRODUCER_INSTANCE).asInt(), f.get("index").asLong())) {
                    result.anomaly(r.type().key(), f);
                }
            }
            changes += p.idChanges;
            exhaustions += p.exhaustions;
            acrossKills += p.endsAcrossCoordinatorKill;
            exhaustedAcrossKills += p.exhaustedEndsAcrossCoordinatorKill;
            maxEpoch = Math.max(maxEpoch, p.maxEpoch);
            each.set(p.transactionalId, p.toJson());
        }
        ObjectNode o = txnStats.putObject("producers");
        o.put("transactional-ids", byId.size());
        o.put("max-epoch", maxEpoch);
        o.put("producer-id-changes", changes);
        o.put("epoch-exhaustions", exhaustions);
        o.put("fencings", fencings);
        o.put(ENDS_ACROSS_COORDINATOR_KILL, acrossKills);
        o.put(EXHAUSTED_ENDS_ACROSS_COORDINATOR_KILL, exhaustedAcrossKills);
        o.set("by-transactional-id", each);
    }

    /** A transaction the coordinator refused its producer for: fenced, or its producer id unknown; with its evidence. */
    private record Refusal(AnomalyType type, ObjectNode evidence) {
    }

    /** Where one producer instance's transactions lie in the history: first invocation, last completion. */
    private static final class Instance {
        long firstInvoke = Long.MAX_VALUE;
        long lastCompletion = -1;

        void ran(long invokeIndex, long completionIndex) {
            firstInvoke = Math.min(firstInvoke, invokeIndex);
            lastCompletion = Math.max(lastCompletion, completionIndex);
        }
    }

    /** One run of a producer id: the epochs its transactions ended with, from its first to its last. */
    private static final class Segment {
        final long producerId;
        final int firstEpoch;
        final long firstIndex;
        int lastEpoch;
        long lastIndex;
        long transactions;

        Segment(long producerId, int epoch, long index) {
            this.producerId = producerId;
            this.firstEpoch = epoch;
            this.firstIndex = index;
            ended(epoch, index);
        }

        void ended(int epoch, long index) {
            lastEpoch = epoch;
            lastIndex = index;
            transactions++;
        }

        ObjectNode toJson() {
            return Json.object().put("producer-id", producerId).put("first-epoch", firstEpoch).put("last-epoch", lastEpoch)
                    .put("transactions", transactions).put("first-index", firstIndex).put("last-index", lastIndex);
        }
    }

    /** Everything known about one transactional.id. */
    private static final class Producer {
        final String transactionalId;
        final Map<Integer, Instance> instances = new TreeMap<>();
        final List<Segment> segments = new ArrayList<>();
        final List<Refusal> refusals = new ArrayList<>();
        long transactions;
        long idChanges;
        long exhaustions;
        long endsAcrossCoordinatorKill;
        long exhaustedEndsAcrossCoordinatorKill;
        int maxEpoch = -1;

        Producer(String transactionalId) {
            this.transactionalId = transactionalId;
        }

        Instance instance(int n) {
            return instances.computeIfAbsent(n, k -> new Instance());
        }

        void epoch(long producerId, int epoch, long index) {
            maxEpoch = Math.max(maxEpoch, epoch);
            Segment last = segments.isEmpty() ? null : segments.get(segments.size() - 1);
            if (last != null && last.producerId == producerId) {
                last.ended(epoch, index);
                return;
            }
            if (last != null) {
                idChanges++;
                if (last.lastEpoch >= EXHAUSTED_EPOCH && epoch < FRESH_EPOCH) exhaustions++;
            }
            segments.add(new Segment(producerId, epoch, index));
        }

        /**
         * True when the history proves instance k had no rival at the fencing (completion index c): every earlier
         * instance ran a transaction (none was a failed initialization) and finished its last one before k's first was
         * invoked (the workload closes it before creating the next), and no later instance invoked one before c.
         */
        boolean provesNoRival(int k, long c) {
            Instance self = instances.get(k);
            if (k < 0 || self == null) return false;
            for (int j = 0; j < k; j++) {
                Instance earlier = instances.get(j);
                if (earlier == null || earlier.lastCompletion >= self.firstInvoke) return false;
            }
            for (Map.Entry<Integer, Instance> e : instances.entrySet()) {
                if (e.getKey() > k && e.getValue().firstInvoke < c) return false;
            }
            return true;
        }

        long fencings() {
            return refusals.stream().filter(r -> r.type() == Anomalies.FENCED_WITHOUT_RIVAL).count();
        }

        ObjectNode toJson() {
            ObjectNode o = Json.object();
            o.put("transactions", transactions);
            o.put("instances", instances.size());
            o.put("max-epoch", maxEpoch);
            o.put("producer-id-changes", idChanges);
            o.put("epoch-exhaustions", exhaustions);
            o.put("fencings", fencings());
            o.put(ENDS_ACROSS_COORDINATOR_KILL, endsAcrossCoordinatorKill);
            o.put(EXHAUSTED_ENDS_ACROSS_COORDINATOR_KILL, exhaustedEndsAcrossCoordinatorKill);
            segments.stream().limit(MAX_SEGMENTS).forEach(s -> o.withArray("producer-ids").add(s.toJson()));
            if (segments.size() > MAX_SEGMENTS) o.put("producer-ids-left-off", segments.size() - MAX_SEGMENTS);
            return o;
        }
    }
}
