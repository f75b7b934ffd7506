package io.kchaos.harness.cli;

import io.kchaos.checker.result.Verdict;
import io.kchaos.harness.compare.RunSummary;
import io.kchaos.harness.matrix.ChildJvmLauncher;
import io.kchaos.harness.matrix.MatrixFolder;
import io.kchaos.harness.matrix.RunLauncher;
import io.kchaos.harness.replay.ReplaySource;
import io.kchaos.harness.replay.ShrinkReport;
import io.kchaos.harness.replay.ShrinkSearch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code kchaos shrink RUN_DIR}: replays a failing run's fault schedule with faults removed, each candidate up to
 * {@code --tries} times, and reports the smallest schedule that still failed, with tries and reproduction rates.
 */
@Command(name = "shrink", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Replay a failing (INVALID) run's fault schedule with faults removed (halves, then one fault less), each candidate up "
                + "to --tries times until it fails, and report the smallest schedule that still failed, with how many tries each step "
                + "took and its reproduction rate. Real Kafka is not deterministic. The runs and shrink.json, shrink.txt go to a folder "
                + "store/<timestamp>-shrink-<name>/; the original run folder is not touched.",
                "Exit 0 done, 2 nothing to shrink or bad input."})
public final class ShrinkCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "the failing run's folder")
    Path runDir;

    @Option(names = "--tries", paramLabel = "N", defaultValue = "2", description = "replays of each candidate schedule until one fails (default ${DEFAULT-VALUE})")
    int tries;

    @Option(names = "--max-runs", paramLabel = "N", defaultValue = "12", description = "at most this many replays in all (default ${DEFAULT-VALUE})")
    int maxRuns;

    @Option(names = "--store", paramLabel = "DIR", defaultValue = "store", description = "where the shrink's folder goes (default ${DEFAULT-VALUE})")
    Path store;

    private final RunLauncher launcher;

    public ShrinkCommand() {
        this(null);
    }

    /** With the launcher of the replays (tests); null: each replay in a JVM of its own. */
    ShrinkCommand(RunLauncher launcher) {
        this.launcher = launcher;
    }

    @Override
    public Integer call() throws Exception {
        if (tries < 1 || maxRuns < 1) throw bad("--tries and --max-runs must be at least 1");
        ReplaySource source;
        Verdict original;
        try {
            source = ReplaySource.load(runDir);
            original = RunSummary.load(source.dir()).verdict();
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        if (original != Verdict.INVALID) {
            System.err.println("kchaos: " + source.dir() + " was " + original + ": nothing to shrink");
            return ErrorHandlers.COULD_NOT_JUDGE;
        }
        Set<Integer> faults = source.schedule().faults();
        if (faults.size() < 2) {
            System.err.println("kchaos: " + source.dir() + " has " + faults.size() + " fault(s) in its schedule: nothing to shrink");
            return ErrorHandlers.COULD_NOT_JUDGE;
        }
        Path dir = MatrixFolder.create(store, "shrink-" + source.name());
        System.out.println("shrinking the " + faults.size() + " faults of " + source.dir() + " into " + dir);
        source.schedule().describe().forEach(l -> System.out.println("  " + l));
        RunLauncher runs = launcher != null ? launcher : new ChildJvmLauncher();
        long t0 = System.nanoTime();
        ShrinkSearch.Result result = new ShrinkSearch((candidate, step, attempt) -> {
            String name = "s" + step + "-t" + attempt;
            String keep = candidate.stream().map(String::valueOf).collect(Collectors.joining(","));
            System.out.printf("%n=== shrink step %d, try %d: faults %s%n", step, attempt, candidate);
            Set<Path> before = MatrixFolder.runFolders(dir);
            List<String> args = new ArrayList<>(List.of("--replay-faults", source.dir().toString(), "--replay-keep", keep,
                    "--store", dir.toString(), "--name", name));
            int exit = runs.launch(args);
            Path made = MatrixFolder.created(dir, before, "-" + name);
            Verdict v = made == null ? Verdict.UNKNOWN : RunSummary.load(made).verdict();
            System.out.printf("=== step %d, try %d: %s (exit %d)%n", step, attempt, v, exit);
            return new ShrinkSearch.Outcome(v == Verdict.INVALID, v.name(), made);
        }, tries, maxRuns).search(faults);
        double wall = (System.nanoTime() - t0) / 1e9;
        ShrinkReport.write(dir, source, result, tries, wall);
        System.out.println();
        ShrinkReport.lines(source, result, tries, wall).forEach(System.out::println);
        System.out.println("shrink folder: " + dir);
        return 0;
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
