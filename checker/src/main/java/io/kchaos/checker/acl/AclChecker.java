package io.kchaos.checker.acl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.Checker;
import io.kchaos.checker.acl.AclOps.Probe;
import io.kchaos.checker.acl.ProbeJudge.Outcome;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.AclFields;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.history.folder.ResultsFields;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Judges an acl workload's history: a broker that certainly applied an acknowledged grant or revocation answers the
 * probe principal by it (anomalies {@code acl-*} in the catalogue). Kafka lets a broker that has not caught up use its
 * old ACLs, and an indeterminate change land at any time; probes those leave open are counted, not judged, and a history
 * none of whose probes could be judged has an unknown verdict.
 */
public final class AclChecker implements Checker {
    public static final String NAME = Anomalies.ACL;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult check(History history) {
        AclPass pass = AclPass.of(history);
        AppliedReads reads = new AppliedReads(pass.probes);
        CheckResult result = new CheckResult();
        Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        Map<Integer, Long> judgedByNode = new TreeMap<>();
        pass.nodes.forEach(n -> judgedByNode.put(n, 0L));
        for (Probe p : pass.probes) {
            Outcome o = ProbeJudge.judge(p, pass.changes.getOrDefault(p.binding(), List.of()), reads, result);
            outcomes.merge(o, 1L, Long::sum);
            if (o == Outcome.JUDGED) judgedByNode.merge(p.node(), 1L, Long::sum);
        }
        List<Integer> neverJudged = judgedByNode.entrySet().stream().filter(e -> e.getValue() == 0).map(Map.Entry::getKey).toList();
        result.stats().set(ResultsFields.Stats.ACL, stats(pass, outcomes, judgedByNode, neverJudged));
        long judged = outcomes.getOrDefault(Outcome.JUDGED, 0L);
        if (!pass.anyAclOp) {
            result.error("nothing to judge: the history holds no acl-change or acl-probe");
        } else if (pass.probes.isEmpty()) {
            result.error("nothing to judge: no acl-probe was answered (" + pass.probesInfo + " completed info)");
        } else if (judged == 0) {
            result.error("nothing to judge: none of the " + pass.probes.size() + " answered acl-probes could be judged ("
                    + outcomes.getOrDefault(Outcome.INDETERMINATE_CHANGE, 0L) + " may have seen an indeterminate change, "
                    + outcomes.getOrDefault(Outcome.UNSETTLED, 0L) + " were answered while a change may or may not have "
                    + "been applied by their broker)");
        } else if (!neverJudged.isEmpty()) {
            result.warn("acl: no probe of node(s) " + neverJudged + " could be judged: what their authorizers enforced is unknown");
        }
        return result;
    }

    private static ObjectNode stats(AclPass pass, Map<Outcome, Long> outcomes, Map<Integer, Long> judgedByNode,
                                    List<Integer> neverJudged) {
        ObjectNode s = Json.object();
        ObjectNode changes = s.putObject(ResultsFields.Acl.CHANGES);
        pass.counts.forEach((kind, c) -> changes.putObject(kind).put(OpType.OK.wire(), c[0]).put(OpType.FAIL.wire(), c[1])
                .put(OpType.INFO.wire(), c[2]));
        long allowed = pass.probes.stream().filter(Probe::allowed).count();
        s.putObject(ResultsFields.Acl.PROBES).put(AclFields.ALLOWED, allowed).put(AclFields.DENIED, pass.probes.size() - allowed)
                .put(OpType.INFO.wire(), pass.probesInfo);
        long judged = outcomes.getOrDefault(Outcome.JUDGED, 0L);
        s.put(ResultsFields.Acl.JUDGED, judged);
        s.put(ResultsFields.Acl.UNJUDGED, pass.probes.size() - judged);
        ObjectNode why = s.putObject(ResultsFields.Acl.UNJUDGED_WHY);
        for (Outcome o : Outcome.values()) {
            if (o != Outcome.JUDGED) why.put(o.key, outcomes.getOrDefault(o, 0L));
        }
        ObjectNode byNode = s.putObject(ResultsFields.Acl.JUDGED_BY_NODE);
        judgedByNode.forEach((n, c) -> byNode.put(String.valueOf(n), c));
        neverJudged.forEach(s.putArray(ResultsFields.Acl.NODES_NEVER_JUDGED)::add);
        return s;
    }
}
