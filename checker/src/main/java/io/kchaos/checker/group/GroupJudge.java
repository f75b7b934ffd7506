package io.kchaos.checker.group;

import io.kchaos.history.folder.ResultsFields;
import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.checker.queue.OffsetSet;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.result.CheckResult;

import java.util.ArrayList;
import java.util.List;

/**
 * Judges, once every record known to the history is known, what needs them all: resumes past the committed offset
 * over a known record (skipped-on-resume), and records below the end offsets the group caught up to that no group
 * consumer ever polled and retention did not delete within its policy (lost-by-group); then writes the group figures,
 * with the members' positions moved by the consumer itself ({@link PositionResets}).
 */
final class GroupJudge {
    private final GroupPass pass;
    private final QueueLedger ledger;
    private final CheckResult result;

    GroupJudge(GroupPass pass, QueueLedger ledger, CheckResult result) {
        this.pass = pass;
        this.ledger = ledger;
        this.result = result;
    }

    void judge() {
        pass.resumes.forEach(this::resume);
        pass.caughtUp.forEach(this::lostByGroup);
        ObjectNode group = pass.counts.toJson();
        group.put("auto-commit", pass.autoCommit);
        ArrayNode caught = group.putArray("partitions-caught-up");
        pass.caughtUp.keySet().forEach(caught::add);
        pass.positionResets.judge(ledger, pass.consumed, group, result);
        result.stats().set(ResultsFields.Stats.GROUP, group);
        warnings();
    }

    private void resume(GroupPass.Resume r) {
        if (r.position() <= r.bound()) return;
        long skipped = ledger.nextKnown(r.partition(), r.bound());
        if (skipped < 0 || skipped >= r.position()) return;
        ObjectNode o = Json.object();
        o.put("process", r.process());
        o.put("partition", r.partition());
        o.put("position", r.position());
        o.put("index", r.index());
        o.put("committed-at-most", r.bound());
        o.put("skipped-offset", skipped);
        o.put("skipped-value", ledger.valueAt(r.partition(), skipped));
        o.put("skipped-index", ledger.firstIndexAt(r.partition(), skipped));
        result.anomaly(Anomalies.SKIPPED_ON_RESUME.key(), o);
    }

    /**
     * Every record known in [0, end) of a partition the group caught up to must have been polled by the group, but for
     * those below the log start offset the final drain began at that the retention policy allowed to go (expired, the
     * ledger's one judgement {@link QueueLedger#expired}); one deleted before the policy allowed is lost-by-group too.
     */
    private void lostByGroup(int partition, long end) {
        OffsetSet consumed = pass.consumed.offsets(partition);
        for (long o = ledger.nextKnown(partition, 0); o >= 0 && o < end; o = ledger.nextKnown(partition, o + 1)) {
            if (consumed.contains(o) || ledger.expired(partition, o)) continue;
            ObjectNode c = Json.object();
            c.put("partition", partition);
            c.put("offset", o);
            c.put("value", ledger.valueAt(partition, o));
            c.put("index", ledger.firstIndexAt(partition, o));
            c.put("end-offset", end);
            c.put("catch-up-index", pass.catchUpIndex);
            result.anomaly(Anomalies.LOST_BY_GROUP.key(), c);
        }
    }

    private void warnings() {
        List<Integer> notCaughtUp = new ArrayList<>();
        for (int p : ledger.partitionNumbers()) if (!pass.caughtUp.containsKey(p)) notCaughtUp.add(p);
        if (!notCaughtUp.isEmpty()) {
            result.warn("the group did not catch up to the end of partition(s) " + notCaughtUp
                    + "; whether it consumed every record there (lost-by-group) is not judged");
        }
        if (pass.counts.invocationsWithoutCompletion > 0) {
            result.warn(pass.counts.invocationsWithoutCompletion + " group op invocation(s) have no completion; counted as info");
        }
    }
}
