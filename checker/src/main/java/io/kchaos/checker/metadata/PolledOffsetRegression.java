package io.kchaos.checker.metadata;

import io.kchaos.checker.metadata.MetadataOps.QuorumSample;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.folder.QuorumSamples;
import io.kchaos.history.folder.ResultsFields;

import java.util.List;
import java.util.Map;

/**
 * {@code metadata-offset-regression} judged on a run's quorum polls ({@code quorum.jsonl}, every workload): the one
 * poller's samples, each voter's log end offset as the quorum's leader reported it, walked as the metadata checker
 * walks a history's {@code metadata-quorum} ops. Voters only: a voter syncs its log before it acknowledges, while an
 * observer (a broker) need not, so a power-cut broker may shorten its copy legitimately; and a stopped observer stays
 * listed with its old offset, so one restarted on a new disk would look like a regression. Its stats say how many
 * polls it read.
 */
public final class PolledOffsetRegression {
    private PolledOffsetRegression() {
    }

    public static CheckResult judge(List<QuorumSamples.Sample> polls) {
        CheckResult r = new CheckResult();
        OffsetRegressionJudge.judge(polls.stream()
                .map(p -> new QuorumSample(-1, p.source(), p.highWatermark(), p.voterEnds(), Map.of())).toList(), r);
        r.stats().put(ResultsFields.Stats.QUORUM_POLLS, polls.size());
        return r;
    }
}
