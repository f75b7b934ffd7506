package io.kchaos.harness.cli;

import io.kchaos.checker.availability.FailoverTimes;
import io.kchaos.checker.queue.RetentionPolicy;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunJson;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.ConsistencyModel;
import io.kchaos.harness.run.HistoryWorkload;
import io.kchaos.harness.run.WorkloadMix;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code kchaos check HISTORY [--out FILE]}: judges any history (JSON lines, plain or zstd-compressed) without a cluster;
 * beside a run.json, judged against its retention policy ({@code topic-retention}) and, with a controller timeline, also
 * the controller faults' failover times, as a run computes them, and under its consistency model unless
 * {@code --consistency-model} names one.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Judge a history.jsonl, plain or zstd-compressed (format: docs/format.md). Exit 0 valid, 1 anomalies, 2 could not judge.")
final class CheckCommand implements Callable<Integer> {
    @Parameters(paramLabel = "HISTORY", description = "the history.jsonl to judge ('-': standard input)")
    Path history;

    @Option(names = "--out", paramLabel = "FILE", description = "write results.json here")
    Path out;

    @Option(names = "--workload", paramLabel = "queue|txn|group|share|metadata|acl|DATA,metadata",
            description = "which workload wrote the history (default: run.json beside it, else detected from its ops)")
    String workload;

    @Mixin
    ConsistencyModelOption consistency;

    @Override
    public Integer call() {
        long t0 = System.nanoTime();
        OutputPath.refuseClobbering(out, java.util.List.of(history));
        HistoryFile file = HistoryFile.open(StdinHistory.resolve(history, System.in));
        WorkloadMix kind = workload != null ? WorkloadMix.of(workload) : HistoryWorkload.of(file.path(), file);
        String judged = kind.name();
        RunFiles beside = RunFiles.besideHistory(file.path());
        Optional<RunJson> run = beside.dir() == null ? Optional.empty() : Optional.of(RunJson.read(beside.dir()));
        ConsistencyModel model = consistency.model(run.flatMap(RunJson::consistencyModel));
        CheckResult r = kind.historyChecker(run.flatMap(RetentionPolicy::of)).check(file).judgedUnder(model);
        run.ifPresent(j -> FailoverTimes.addTo(r, file, ControllerTimeline.of(j)));
        if (out != null) r.writeTo(out);
        VerdictPrinter.print(r, System.out);
        System.out.printf("judged %s (%s workload) in %.1f s%s%n", history, judged, (System.nanoTime() - t0) / 1e9, out == null ? "" : "; results in " + out);
        return VerdictPrinter.exitCode(r);
    }
}
