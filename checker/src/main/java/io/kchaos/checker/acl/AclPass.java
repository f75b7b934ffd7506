package io.kchaos.checker.acl;

import io.kchaos.checker.acl.AclOps.Binding;
import io.kchaos.checker.acl.AclOps.Change;
import io.kchaos.checker.acl.AclOps.Probe;
import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One walk of a history collecting what the acl checks need: every change that did not fail, grouped by binding in
 * invocation order, each with its record's lower bound (an invocation never completed counts as info); the answered
 * probes in answer order; the counts; and every node a probe named. Other ops are skipped.
 */
final class AclPass {
    final Map<Binding, List<Change>> changes = new LinkedHashMap<>();
    final List<Probe> probes = new ArrayList<>();
    /** Change kind ({@code grant}, {@code revoke}) to its ok, fail and info counts. */
    final Map<String, long[]> counts = new TreeMap<>();
    final Set<Integer> nodes = new TreeSet<>();
    long probesInfo;
    boolean anyAclOp;

    static AclPass of(History history) {
        AclPass pass = new AclPass();
        Map<Integer, Op> pending = new HashMap<>();
        List<Change> all = new ArrayList<>();
        List<long[]> acknowledgements = new ArrayList<>(); // {completion index, hw-after}, in completion order
        history.forEach(op -> {
            if (op.isNemesis() || !ClientOps.ACL.contains(op.f())) return;
            pass.anyAclOp = true;
            if (op.isInvoke()) {
                pending.put(op.process(), op);
                if (op.f().equals(ClientOps.ACL_PROBE)) pass.nodes.add(AclOps.node(op, AclOps.object(op)));
                return;
            }
            Op invoke = pending.remove(op.process());
            if (invoke == null) return;
            if (op.f().equals(ClientOps.ACL_CHANGE)) {
                Change c = AclOps.change(invoke, op);
                all.add(c);
                if (c.type() == OpType.OK) acknowledgements.add(new long[] {op.index(), c.hwAfter()});
            } else if (op.isOk()) {
                pass.probes.add(AclOps.probe(invoke, op));
            } else {
                pass.probesInfo++;
            }
        });
        pending.values().stream().filter(i -> i.f().equals(ClientOps.ACL_CHANGE)).forEach(i -> all.add(AclOps.change(i, null)));
        all.sort(Comparator.comparingLong(Change::index));
        int next = 0;
        long floor = -1;
        for (Change c : all) {
            // a change's record is appended after every change acknowledged before its invocation was committed
            while (next < acknowledgements.size() && acknowledgements.get(next)[0] < c.index()) {
                floor = Math.max(floor, acknowledgements.get(next++)[1]);
            }
            pass.counts.computeIfAbsent(c.change(), k -> new long[3])[c.type() == OpType.OK ? 0 : c.type() == OpType.FAIL ? 1 : 2]++;
            if (c.type() != OpType.FAIL) pass.changes.computeIfAbsent(c.binding(), b -> new ArrayList<>()).add(c.above(floor));
        }
        return pass;
    }
}
