package io.kchaos.checker.metadata;

import io.kchaos.checker.metadata.MetadataOps.AdminOp;
import io.kchaos.checker.metadata.MetadataOps.BrokerRead;
import io.kchaos.checker.metadata.MetadataOps.QuorumSample;
import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One walk of a history collecting what the metadata checks need: every admin op with its completion, grouped by
 * topic in invocation order (an invocation never completed counts as info), the quorum samples in order, the brokers
 * the run started with, and the final reads of the brokers; other ops are skipped.
 */
final class MetadataPass {
    final Map<String, List<AdminOp>> topics = new TreeMap<>();
    final List<QuorumSample> samples = new ArrayList<>();
    final List<BrokerRead> reads = new ArrayList<>();
    final Map<String, long[]> counts = new TreeMap<>();
    /** Why each read that did not complete ok did not: node id (or "?" when it names none) to the error. */
    final Map<String, String> failedReads = new TreeMap<>();
    /** The brokers the run started with; null when the history has no {@code metadata-brokers} op. */
    MetadataOps.Roster roster;

    static MetadataPass of(History history) {
        MetadataPass pass = new MetadataPass();
        Map<Integer, Op> pending = new HashMap<>();
        List<AdminOp> all = new ArrayList<>();
        history.forEach(op -> {
            if (op.isNemesis() || !ClientOps.METADATA.contains(op.f())) return;
            if (op.isInvoke()) {
                pending.put(op.process(), op);
                return;
            }
            Op invoke = pending.remove(op.process());
            if (ClientOps.ADMIN.contains(op.f())) {
                if (invoke != null) all.add(MetadataOps.admin(invoke, op));
            } else if (op.f().equals(ClientOps.METADATA_QUORUM)) {
                if (op.isOk()) pass.samples.add(MetadataOps.quorum(op));
            } else if (op.f().equals(ClientOps.METADATA_BROKERS)) {
                pass.roster = MetadataOps.roster(op);
            } else if (op.isOk()) {
                pass.reads.add(MetadataOps.read(op));
            } else {
                pass.failedReads.merge(op.value().path(MetadataFields.NODE).asText("?"),
                        op.error() == null ? op.type().wire() : op.error(), (a, b) -> a + "; " + b);
            }
        });
        pending.values().stream().filter(i -> ClientOps.ADMIN.contains(i.f())).forEach(i -> all.add(MetadataOps.admin(i, null)));
        all.sort(java.util.Comparator.comparingLong(AdminOp::index));
        for (AdminOp a : all) {
            pass.topics.computeIfAbsent(a.topic(), t -> new ArrayList<>()).add(a);
            pass.counts.computeIfAbsent(a.f(), f -> new long[3])[a.type() == OpType.OK ? 0 : a.type() == OpType.FAIL ? 1 : 2]++;
        }
        return pass;
    }

    /** Every topic an admin op names or a read serves, in name order. */
    Set<String> servedOrChanged() {
        Set<String> out = new TreeSet<>(topics.keySet());
        reads.forEach(r -> out.addAll(r.topics().keySet()));
        return out;
    }

    long acknowledged() {
        return counts.values().stream().mapToLong(c -> c[0]).sum();
    }
}
