package io.kchaos.checker.txn;

import io.kchaos.history.FaultWindows;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.result.AnomalyCases;
import io.kchaos.checker.result.CheckResult;

import io.kchaos.checker.txn.graph.Cycle;
import io.kchaos.checker.txn.graph.CycleFinder;
import io.kchaos.checker.txn.graph.DependencyGraph;
import io.kchaos.history.OpType;

/**
 * Judges, once the whole transaction history is known, what needs every read: torn transactions, the order of a
 * transaction's sends to one partition (int-nonmonotonic-send; int-send-skip as a figure), fencings without a rival,
 * transactional.ids that could no longer be initialized (txn-id-unusable) and the cycles of the dependency graph (G0,
 * G1c, G-single, G2 and their kin); then writes the transaction figures.
 */
final class TxnJudge {
    private final TxnPass pass;
    private final QueueLedger ledger;
    private final CheckResult result;
    private final boolean withGraph;
    private final FaultWindows faults;

    /** {@code faults}: the history's fault windows, finished (when the last fault healed decides txn-id-unusable). */
    TxnJudge(TxnPass pass, QueueLedger ledger, CheckResult result, boolean withGraph, FaultWindows faults) {
        this.faults = faults;
        this.pass = pass;
        this.ledger = ledger;
        this.result = result;
        this.withGraph = withGraph;
    }

    void judge() {
        pass.visibleOrUnknown.forEach(this::tornTxn);
        AnomalyCases skips = new AnomalyCases();
        pass.pairs.all().forEach(pair -> sendPair(pair, skips));
        ObjectNode s = result.stats();
        s.set(ResultsFields.Stats.TXN, pass.counts.toJson());
        pass.producers.judge(result, (ObjectNode) s.get(ResultsFields.Stats.TXN));
        pass.inits.countsInto((ObjectNode) s.get(ResultsFields.Stats.TXN));
        new UnusableIds(pass.inits, faults.healedAt()).judge(result);
        if (withGraph) cycles();
        ObjectNode skip = s.putObject(TxnChecker.INT_SEND_SKIP);
        skip.put(ResultsFields.Anomaly.COUNT, skips.count());
        ArrayNode ex = skip.putArray(ResultsFields.Anomaly.EXAMPLES);
        skips.examples().stream().limit(5).forEach(ex::add);
        if (pass.counts.invocationsWithoutCompletion > 0) {
            result.warn(pass.counts.invocationsWithoutCompletion + " transaction(s) have no completion; counted as info");
        }
        if (pass.counts.completionsWithoutInvocation > 0) {
            result.warn(pass.counts.completionsWithoutInvocation + " transaction completion(s) have no pending invocation");
        }
    }

    /**
     * A transaction proven committed (ok, or info with one of its values read) of which some values were read and
     * another was not, although its partition was read completely past it (drained, or an offset above it read).
     */
    private void tornTxn(TxnRecord txn) {
        int read = 0;
        for (TxnOps.Send s : txn.sends()) if (ledger.isRead(s.value())) read++;
        if (read == 0 || read == txn.sends().size()) return;
        ArrayNode seen = Json.MAPPER.createArrayNode();
        ArrayNode missing = Json.MAPPER.createArrayNode();
        for (TxnOps.Send s : txn.sends()) {
            if (ledger.isRead(s.value())) {
                QueueLedger.Position at = ledger.firstReadAt(s.value());
                seen.addObject().put("value", s.value()).put("partition", at.partition()).put("offset", at.offset());
            } else if (shouldHaveBeenRead(s)) {
                ObjectNode m = missing.addObject().put("value", s.value()).put("partition", s.partition());
                if (s.offset() >= 0) m.put("offset", s.offset());
                if (ledger.isDrained(s.partition())) m.put("drain-end-offset", ledger.drainEndOffset(s.partition()));
                else m.put("highest-read-offset", ledger.maxReadOffset(s.partition()));
            }
        }
        if (missing.isEmpty()) return;
        ObjectNode o = Json.object();
        o.put("process", txn.process());
        o.put("index", txn.index());
        o.put("type", txn.type().wire());
        o.set("read", seen);
        o.set("missing", missing);
        result.anomaly(Anomalies.TORN_TXN.key(), o);
    }

    private boolean shouldHaveBeenRead(TxnOps.Send s) {
        if (s.partition() < 0 || ledger.belowLogStart(s.partition(), s.offset())) return false; // expired or premature-deletion: the ledger's
        return ledger.isDrained(s.partition()) || (s.offset() >= 0 && ledger.maxReadOffset(s.partition()) > s.offset());
    }

    /** Positions from the completion, else from the ledger; a pair whose order is unknown is not judged. */
    private void sendPair(SendPairs.Pair pair, AnomalyCases skips) {
        long o1 = pair.o1() >= 0 ? pair.o1() : offsetIn(pair.v1(), pair.partition());
        long o2 = pair.o2() >= 0 ? pair.o2() : offsetIn(pair.v2(), pair.partition());
        if (o1 < 0 || o2 < 0) return;
        if (o2 <= o1) {
            result.anomaly(Anomalies.INT_NONMONOTONIC_SEND.key(), pairCase(pair, o1, o2));
            return;
        }
        long between = ledger.nextKnown(pair.partition(), o1 + 1);
        if (between >= 0 && between < o2) {
            ObjectNode o = pairCase(pair, o1, o2);
            o.put("skipped-offset", between);
            o.put("skipped-value", ledger.valueAt(pair.partition(), between));
            skips.add(o);
        }
    }

    private long offsetIn(long v, int partition) {
        QueueLedger.Position at = ledger.positionOf(v);
        return at != null && at.partition() == partition ? at.offset() : -1;
    }

    private static ObjectNode pairCase(SendPairs.Pair pair, long o1, long o2) {
        ObjectNode o = Json.object();
        o.put("process", pair.process());
        o.put("index", pair.index());
        o.put("partition", pair.partition());
        o.putArray("values").add(pair.v1()).add(pair.v2());
        o.putArray("offsets").add(o1).add(o2);
        return o;
    }

    /** The dependency graph's cycles between transactions proven committed, each a case of its type. */
    private void cycles() {
        boolean[] committed = new boolean[pass.byId.size()];
        for (TxnRecord t : pass.byId) {
            if (t == null || !provenCommitted(t)) continue;
            committed[t.id()] = true;
            for (TxnOps.Send s : t.sends()) {
                long offset = s.partition() < 0 ? -1 : s.offset() >= 0 ? s.offset() : offsetIn(s.value(), s.partition());
                if (offset >= 0) pass.graph.wrote(t.id(), s.partition(), offset);
            }
        }
        DependencyGraph graph = pass.graph.graph(id -> committed[id]);
        CycleFinder found = CycleFinder.of(graph);
        for (Cycle c : found.cycles()) result.anomaly(c.type().key(), c.toJson(this::describe));
        if (found.cutShort()) {
            result.warn("the dependency graph's cycle search tried only some edges of a large component; a cycle type there may be unreported");
        }
        ObjectNode g = ((ObjectNode) result.stats().get(ResultsFields.Stats.TXN)).putObject("dependency-graph");
        g.put("transactions", graph.nodes());
        g.put("edges", graph.edges());
    }

    /** ok, or info with one of its values read. */
    private boolean provenCommitted(TxnRecord t) {
        if (t.type() == OpType.OK) return true;
        return t.type() == OpType.INFO && t.sends().stream().anyMatch(s -> ledger.isRead(s.value()));
    }

    private ObjectNode describe(int id) {
        TxnRecord t = pass.byId.get(id);
        return Json.object().put("index", t.index()).put("process", t.process());
    }
}
