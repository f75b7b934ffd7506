package io.kchaos.harness.bugs;

import io.kchaos.harness.matrix.MatrixRunner;
import io.kchaos.harness.matrix.RunLauncher;
import io.kchaos.harness.matrix.RunOutcome;
import io.kchaos.cluster.version.KafkaVersion;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Runs one bug on one release through the matrix's {@link MatrixRunner} (each try a normal run folder in the pack's
 * folder, named {@code <bug>-<release>-r<try>}): up to the entry's tries, stopping at the first exposure, and starting a
 * try only when the tries so far say it ends within the entry's time budget.
 */
public final class BugRunner {
    private final Path packDir;
    private final Long seed;
    private final RunLauncher launcher;
    private final PrintStream out;
    private final LongSupplier nanoClock;

    /** @param seed base seed of every entry (try n uses seed + n - 1), or null for each entry's own (random when it has none) */
    public BugRunner(Path packDir, Long seed, RunLauncher launcher, PrintStream out, LongSupplier nanoClock) {
        this.packDir = packDir;
        this.seed = seed;
        this.launcher = launcher;
        this.out = out;
        this.nanoClock = nanoClock;
    }

    public BugVerdict run(KnownBug bug, KafkaVersion v) throws Exception {
        Optional<BugVerdict> decided = BugJudge.withoutRun(bug, v);
        if (decided.isPresent()) return decided.get();
        List<String> common = new ArrayList<>(bug.options());
        common.addAll(List.of("--kafka-version", v.toString()));
        MatrixRunner runner = new MatrixRunner(packDir, bug.scenario(), common, seed != null ? seed : bug.seed(), bug.tries(), launcher, out);
        List<RunOutcome> runs = new ArrayList<>();
        long start = nanoClock.getAsLong();
        boolean budgetSpent = false;
        for (int r = 1; r <= bug.tries(); r++) {
            double spent = seconds(start);
            if (r > 1 && spent + spent / (r - 1) > bug.budgetSeconds()) {
                budgetSpent = true;
                break;
            }
            out.printf("%n=== bug %s on %s: scenario %s, try %d of %d (%.0f s of %d s spent)%n", bug.id(), v, bug.scenario(), r, bug.tries(),
                    spent, bug.budgetSeconds());
            RunOutcome run = runner.runOnce(name(bug, v), List.of(), r);
            runs.add(run);
            if (BugJudge.exposes(bug, run)) break;
        }
        BugVerdict verdict = BugJudge.fromRuns(bug, v, runs, budgetSpent, seconds(start));
        out.printf("=== bug %s on %s: %s — %s%n", bug.id(), v, verdict.exposure().word(), verdict.why());
        return verdict;
    }

    /** The run name of a bug's tries on a release, e.g. {@code KIP-966-3.9.1}. */
    static String name(KnownBug bug, KafkaVersion v) {
        return bug.id() + "-" + v;
    }

    private double seconds(long start) {
        return (nanoClock.getAsLong() - start) / 1e9;
    }
}
