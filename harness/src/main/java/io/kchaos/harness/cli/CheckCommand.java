package io.kchaos.harness.cli;

import io.kchaos.checker.history.HistoryFile;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.harness.run.Judges;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code kchaos check HISTORY [--out FILE]}: judges any history.jsonl without a cluster. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Judge a history.jsonl (format: shared/spec/history.md). Exit 0 valid, 1 anomalies, 2 could not judge.")
final class CheckCommand implements Callable<Integer> {
    @Parameters(paramLabel = "HISTORY", description = "the history.jsonl to judge")
    Path history;

    @Option(names = "--out", paramLabel = "FILE", description = "write results.json here")
    Path out;

    @Override
    public Integer call() {
        long t0 = System.nanoTime();
        CheckResult r = Judges.historyChecker().check(HistoryFile.open(history));
        if (out != null) r.writeTo(out);
        VerdictPrinter.print(r, System.out);
        System.out.printf("judged %s in %.1f s%s%n", history, (System.nanoTime() - t0) / 1e9, out == null ? "" : "; results in " + out);
        return r.verdict().exitCode();
    }
}
