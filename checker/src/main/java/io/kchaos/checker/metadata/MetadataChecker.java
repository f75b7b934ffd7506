package io.kchaos.checker.metadata;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.Checker;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;

import java.util.List;

/**
 * Judges a metadata workload's history: every acknowledged admin change is served by every broker read after it
 * caught up with the quorum, no acknowledged delete is undone, every served topic is in a state its ops allow,
 * caught-up brokers agree, and no quorum replica's log end offset falls below what it held committed (anomalies {@code metadata-*} in the catalogue). Kafka lets a broker's
 * metadata lag and an indeterminate change go either way; neither is reported. A broker the run started with that was
 * not read caught up makes the verdict unknown ({@link UnreadBrokers}).
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
        pass.servedOrChanged().forEach(topic -> UnexplainedJudge.judge(topic, pass.topics.getOrDefault(topic, List.of()),
                pass.reads, result));
        DivergenceJudge.judge(pass.topics, pass.reads, result);
        OffsetRegressionJudge.judge(pass.samples, result);
        UnreadBrokers unread = UnreadBrokers.of(pass);
        result.stats().set(ResultsFields.Stats.METADATA, stats(pass, unread));
        if (pass.acknowledged() == 0) result.error("nothing to judge: no admin operation was acknowledged");
        else if (pass.reads.isEmpty()) result.error("nothing to judge: no broker was read after catching up with the metadata quorum");
        unread.report(result);
        return result;
    }

    private static ObjectNode stats(MetadataPass pass, UnreadBrokers unread) {
        ObjectNode s = Json.object();
        ObjectNode ops = s.putObject(ResultsFields.Metadata.ADMIN);
        pass.counts.forEach((f, c) -> ops.putObject(f).put(OpType.OK.wire(), c[0]).put(OpType.FAIL.wire(), c[1])
                .put(OpType.INFO.wire(), c[2]));
        s.put(ResultsFields.Metadata.ACKNOWLEDGED, pass.acknowledged());
        s.put(ResultsFields.Metadata.TOPICS, pass.topics.size());
        if (pass.roster != null) s.put(ResultsFields.Metadata.BROKERS_STARTED, pass.roster.brokers().size());
        s.put(ResultsFields.Metadata.BROKERS_READ, pass.reads.size());
        s.put(ResultsFields.Metadata.BROKERS_NOT_READ, unread.why.size());
        s.set(ResultsFields.Metadata.UNREAD_BROKERS, unread.toJson());
        s.put(ResultsFields.Metadata.QUORUM_SAMPLES, pass.samples.size());
        return s;
    }
}
