package io.kchaos.checker.acl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.acl.AclOps.Change;
import io.kchaos.checker.acl.AclOps.Probe;
import io.kchaos.checker.acl.AppliedReads.Read;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.AclFields;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.history.folder.ResultsFields;

import java.util.List;
import java.util.Optional;

/**
 * Judges one answered probe against the changes of its binding ({@code acl-revoked-allowed}, {@code acl-granted-denied};
 * definitions in the anomaly catalogue): the state it must answer is that of the latest acknowledged change its broker
 * certainly applied ({@link AppliedReads}), or the initial no-ACL state (denied) when it applied none, provided every
 * later change is certainly not applied yet; a probe whose image may hold an indeterminate change is not judged.
 */
final class ProbeJudge {
    /** How a probe came out: judged, or why not (the {@code unjudged-why} keys). */
    enum Outcome {
        JUDGED(null),
        INDETERMINATE_CHANGE(ResultsFields.Acl.INDETERMINATE_CHANGE),
        UNSETTLED(ResultsFields.Acl.UNSETTLED);

        final String key;

        Outcome(String key) {
            this.key = key;
        }
    }

    private ProbeJudge() {
    }

    /** Judges {@code p} against its binding's changes (in invocation order, none failed), reporting into {@code result}. */
    static Outcome judge(Probe p, List<Change> changes, AppliedReads reads, CheckResult result) {
        Optional<Read> proof = reads.before(p.node(), p.invokeTime());
        int latest = -1;
        for (int i = 0; i < changes.size(); i++) {
            if (proof.isPresent() && changes.get(i).heldBy(proof.get().offset())) latest = i;
        }
        for (Change c : changes) {
            if (c.type() == OpType.INFO && !c.lackedBy(p.offsetAfter())) return Outcome.INDETERMINATE_CHANGE;
        }
        for (int i = latest + 1; i < changes.size(); i++) {
            if (!changes.get(i).lackedBy(p.offsetAfter())) return Outcome.UNSETTLED;
        }
        Change state = latest < 0 ? null : changes.get(latest);
        boolean granted = state != null && state.grant();
        if (p.allowed() != granted) {
            Change next = latest + 1 < changes.size() ? changes.get(latest + 1) : null;
            String type = granted ? Anomalies.ACL_GRANTED_DENIED.key() : Anomalies.ACL_REVOKED_ALLOWED.key();
            result.anomaly(type, evidence(p, state, state == null ? null : proof.get(), next, changes));
        }
        return Outcome.JUDGED;
    }

    private static ObjectNode evidence(Probe p, Change state, Read proof, Change next, List<Change> changes) {
        ObjectNode e = Json.object().put(AclFields.NODE, p.node()).put(AclFields.OPERATION, p.binding().operation())
                .put(AclFields.TOPIC, p.binding().topic())
                .put(AclFields.PRINCIPAL, changes.isEmpty() ? null : (state == null ? changes.get(0) : state).principal())
                .put(AclFields.ANSWER, p.allowed() ? AclFields.ALLOWED : AclFields.DENIED)
                .put("index", p.index()).put("time", p.time()).put("invoke-index", p.invokeIndex()).put("invoke-time", p.invokeTime())
                .put(AclFields.OFFSET_BEFORE, p.offsetBefore()).put(AclFields.OFFSET_AFTER, p.offsetAfter());
        if (state == null) {
            e.putNull(AclFields.CHANGE).putNull("change-index").putNull(AclFields.HW_AFTER).putNull("applied-read");
        } else {
            e.put(AclFields.CHANGE, state.change()).put("change-index", state.index()).put(AclFields.HW_AFTER, state.hwAfter());
            e.putObject("applied-read").put("index", proof.index()).put("time", proof.time()).put("offset", proof.offset());
        }
        if (next == null) e.putNull("next-change-index").putNull("next-lower-bound");
        else e.put("next-change-index", next.index()).put("next-lower-bound", next.lowerBound());
        return e;
    }
}
