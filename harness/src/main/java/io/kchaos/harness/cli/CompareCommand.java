package io.kchaos.harness.cli;

import io.kchaos.history.Json;
import io.kchaos.harness.compare.Comparison;
import io.kchaos.harness.compare.RunSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code kchaos compare RUN_A RUN_B}: the regression view for upgrades and config changes — B against the baseline A. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two run folders side by side (B against the baseline A): configuration differences, verdicts, anomaly counts,",
                "send outcomes, availability, throughput and latency percentiles; rows where B is worse are flagged WORSE.",
                "Exit 0 when B is no worse in correctness, 1 when B's verdict or an anomaly count got worse, 2 on bad input."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN_A", description = "the baseline run folder (e.g. store/<run>)")
    Path runA;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "the run folder compared against it")
    Path runB;

    @Option(names = "--out", paramLabel = "FILE", description = "also write the comparison as JSON here")
    Path out;

    @Override
    public Integer call() {
        Comparison c = new Comparison(RunSummary.load(runA), RunSummary.load(runB));
        System.out.println("A: " + c.a().dir());
        System.out.println("B: " + c.b().dir());
        System.out.print(c.render());
        if (out != null) {
            try {
                Json.PRETTY.writeValue(out.toFile(), c.toJson());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
            }
        }
        System.out.println(c.correctnessWorse() ? "B is worse than A in correctness"
                : c.anyWorse() ? "B is no worse in correctness; performance rows flagged WORSE" : "B is no worse than A");
        return c.correctnessWorse() ? 1 : 0;
    }
}
