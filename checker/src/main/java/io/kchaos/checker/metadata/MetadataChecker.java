package io.kchaos.checker.metadata;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.Checker;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;

/**
 * Judges a metadata workload's history: every acknowledged admin change is served by every broker read after it
 * caught up with the quorum, no acknowledged delete is undone, caught-up brokers agree, and no quorum replica's log end
 * offset falls below what it held committed (anomalies {@code metadata-*} in the catalogue). Kafka lets a broker's
 * metadata lag and an indeterminate change go either way; neither is reported.
 */
public final class MetadataChecker implements Checker {
    public static final String NAME = Anomalies.METADATA;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult check(History history) {
        MetadataPass pass = MetadataPass.of(history);
        CheckResult result = new CheckResult();
        pass.topics.forEach((topic, ops) -> ChangeJudge.judge(topic, ops, pass.reads, result));
        DivergenceJudge.judge(pass.topics, pass.reads, result);
        OffsetRegressionJudge.judge(pass.samples, result);
        result.stats().set(ResultsFields.Stats.METADATA, stats(pass));
        if (pass.acknowledged() == 0) result.error("nothing to judge: no admin operation was acknowledged");
        else if (pass.reads.isEmpty()) result.error("nothing to judge: no broker was read after catching up with the metadata quorum");
        if (pass.unreadBrokers > 0) {
            result.warn(pass.unreadBrokers + " broker read(s) did not complete ok (not caught up, or unreadable): their "
                    + "metadata was not judged (" + String.join("; ", pass.unread) + ")");
        }
        return result;
    }

    private static ObjectNode stats(MetadataPass pass) {
        ObjectNode s = io.kchaos.history.Json.object();
        ObjectNode ops = s.putObject("admin");
        pass.counts.forEach((f, c) -> ops.putObject(f).put("ok", c[0]).put("fail", c[1]).put("info", c[2]));
        s.put("acknowledged", pass.acknowledged());
        s.put("topics", pass.topics.size());
        s.put("brokers-read", pass.reads.size());
        s.put("brokers-not-read", pass.unreadBrokers);
        s.put("quorum-samples", pass.samples.size());
        return s;
    }
}
