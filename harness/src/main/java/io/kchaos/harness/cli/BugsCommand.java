package io.kchaos.harness.cli;

import io.kchaos.harness.bugs.BugCatalogue;
import io.kchaos.harness.bugs.BugRunner;
import io.kchaos.harness.bugs.BugVerdict;
import io.kchaos.harness.bugs.BugsResult;
import io.kchaos.harness.bugs.KnownBug;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.harness.matrix.ChildJvmLauncher;
import io.kchaos.harness.matrix.MatrixFolder;
import io.kchaos.harness.matrix.TextTable;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.cluster.version.VersionProfile;
import io.kchaos.history.Json;
import io.kchaos.report.bugs.BugsReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code kchaos bugs}: the known-bug pack — every catalogued bug that applies, run against one or two releases side by side. */
@Command(name = "bugs", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run the known-bug pack (bugs/known-bugs.json) against Kafka releases: each bug whose ranges include a release is run",
                "on a fresh cluster (its scenario, up to its tries, stopping at the first exposure) and answered exposed, safe,",
                "not applicable or inconclusive, from the anomalies in the runs' results. Writes bugs.json, bugs.txt, bugs.html and",
                "junit.xml in a folder of the store. Each answer is checked against the catalogue (exposed on an affected release,",
                "safe on a confirm-fixed one): exit 1 when an answer contradicts its entry (one line each: expected X, got Y), else 2",
                "when an answer is inconclusive where the entry does not expect it, else 0; 2 on bad input.",
                "Example: kchaos bugs --kafka-version 3.9.1,4.4.0      (the current release and the upgrade target, side by side)"})
public final class BugsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--kafka-version", paramLabel = "X.Y.Z", split = ",", description = "the releases to check (3.7 or later), side by side")
    List<String> versions = new ArrayList<>();

    @Option(names = "--bug", paramLabel = "ID", split = ",", description = "run only these entries (ids of --list, case-insensitive)")
    List<String> bugIds = new ArrayList<>();

    @Option(names = "--list", description = "print the catalogue (the entries --bug selects) and exit, without running")
    boolean list;

    @Option(names = "--seed", paramLabel = "N", description = "base seed: try n of every entry uses N+n-1 (default: the entry's seed, else random)")
    Long seed;

    @Option(names = "--store", paramLabel = "DIR", defaultValue = "store", description = "where the pack's folder goes (default ${DEFAULT-VALUE})")
    Path store;

    @Option(names = "--name", paramLabel = "NAME", description = "part of the pack folder's name (default: bugs-<releases>)")
    String name;

    @Override
    public Integer call() throws Exception {
        List<KnownBug> bugs = BugCatalogue.select(BugCatalogue.shipped(), bugIds);
        if (list) {
            System.out.print(listing(bugs));
            return 0;
        }
        if (versions.isEmpty()) throw bad("give --kafka-version X.Y.Z[,X.Y.Z] (or --list to see the catalogue)");
        List<KafkaVersion> releases = new ArrayList<>();
        for (String v : versions) {
            KafkaVersion k = VersionProfile.of(v).version();
            if (releases.contains(k)) throw bad("--kafka-version names " + k + " twice");
            releases.add(k);
        }
        Path dir = MatrixFolder.create(store, name != null ? name : "bugs-" + String.join("_", releases.stream().map(KafkaVersion::toString).toList()));
        System.setProperty("org.slf4j.simpleLogger.logFile", dir.resolve("bugs.log").toString());
        for (KafkaVersion v : releases) {
            if (bugs.stream().anyMatch(b -> b.applies(v) && b.cannotJudge() == null)) KafkaDistribution.forVersion(v.toString(), System.out);
        }
        System.out.printf("known-bug pack: %d entries x %d releases, in %s%n", bugs.size(), releases.size(), dir);
        BugRunner runner = new BugRunner(dir, seed, new ChildJvmLauncher(), System.out, System::nanoTime);
        List<BugVerdict> verdicts = new ArrayList<>();
        for (KafkaVersion v : releases) {
            for (KnownBug b : bugs) verdicts.add(runner.run(b, v));
        }
        String command = CommandLineText.of(spec);
        BugsResult result = new BugsResult(command, releases, verdicts);
        write(dir, result, System.out);
        return result.exitCode();
    }

    /** The catalogue as --list prints it: one table row per entry, then each entry's title, link and notes. */
    static String listing(List<KnownBug> bugs) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"id", "kind", "affected", "confirm fixed", "scenario", "exposed by", "tries", "budget", "seed"});
        for (KnownBug b : bugs) {
            rows.add(new String[] {b.id(), b.kind(), ranges(b.affected()), ranges(b.confirmFixed()),
                    b.scenario() == null ? "-" : b.scenario() + (b.options().isEmpty() ? "" : " " + String.join(" ", b.options())),
                    b.anomalies().isEmpty() ? "-" : String.join(" or ", b.anomalies()),
                    b.scenario() == null ? "-" : Integer.toString(b.tries()), b.scenario() == null ? "-" : b.budgetSeconds() + " s",
                    b.seed() == null ? "random" : b.seed().toString()});
        }
        StringBuilder sb = new StringBuilder(TextTable.render(rows)).append('\n');
        for (KnownBug b : bugs) {
            sb.append(b.id()).append(": ").append(b.title()).append('\n');
            sb.append("    ").append(b.link()).append('\n');
            sb.append("    fixed in ").append(b.fixedIn()).append('\n');
            if (b.client() != null) sb.append("    client: ").append(b.client()).append('\n');
            if (b.cannotJudge() != null) sb.append("    ").append(b.cannotJudge()).append('\n');
        }
        return sb.toString();
    }

    private static String ranges(List<?> ranges) {
        return ranges.isEmpty() ? "-" : String.join(" ", ranges.stream().map(Object::toString).toList());
    }

    private static void write(Path dir, BugsResult result, PrintStream out) {
        String table = result.table();
        try {
            Json.PRETTY.writeValue(dir.resolve(BugsReport.JSON).toFile(), result.toJson(dir));
            Files.writeString(dir.resolve("bugs.txt"), table);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the pack's results in " + dir + ": " + e.getMessage(), e);
        }
        out.println();
        out.print(table);
        try {
            out.println("pack page: " + BugsReport.write(dir, result.cells(dir), result.command()).html());
        } catch (RuntimeException e) {
            out.println("warning: no pack page: " + ErrorHandlers.oneLine(e));
        }
        out.println("pack folder: " + dir);
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
