package io.kchaos.harness.cli;

import io.kchaos.history.Json;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.harness.client.JavaClientRelease;
import io.kchaos.harness.run.RunOption;
import io.kchaos.cluster.version.MavenKafkaResolver;
import io.kchaos.harness.matrix.ChildJvmLauncher;
import io.kchaos.harness.matrix.Expectation;
import io.kchaos.harness.matrix.MatrixAxis;
import io.kchaos.harness.matrix.MatrixCellSpec;
import io.kchaos.harness.matrix.MatrixFolder;
import io.kchaos.harness.matrix.MatrixPageWriter;
import io.kchaos.harness.matrix.MatrixResult;
import io.kchaos.harness.matrix.MatrixRunner;
import io.kchaos.harness.scenario.Scenario;
import io.kchaos.harness.scenario.Scenarios;
import io.kchaos.cluster.version.VersionProfile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code kchaos matrix}: one scenario across a grid of settings and Kafka versions, each cell run on a fresh cluster. */
@Command(name = "matrix", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run one scenario across a grid of broker/client settings and Kafka versions, each cell --repeat times on a fresh",
                "cluster, and tabulate verdicts, anomaly counts, availability and p99 latency per cell (matrix.json, matrix.txt, matrix.html).",
                "Exit 1 when a cell breaks its --expect, else 2 when a run could not be judged, else 0; 2 on bad input.",
                "Example: kchaos matrix --scenario isr-shrink-unclean --set min.insync.replicas=1,2 --set acks=1,all \\",
                "           --kafka-version 3.9.1,4.1.1 --repeat 3 --expect 'min.insync.replicas=2,acks=all:valid'"})
public final class MatrixCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--scenario", paramLabel = "NAME|FILE", required = true, description = "the scenario every cell runs (see docs/scenarios.md)")
    String scenario;

    @Option(names = "--set", paramLabel = "KEY=V1,V2", description = {"a setting to vary; repeatable. Routed by name: run options (replication-factor, ...),",
            "producer-only / consumer-only client settings (acks, enable.idempotence, isolation.level), else broker;",
            "prefix broker., producer. or consumer. to choose"})
    List<String> sets = new ArrayList<>();

    @Option(names = "--kafka-version", paramLabel = "X.Y.Z", split = ",", description = "Kafka versions to run (3.7 or later; resolved from Maven Central on first use)")
    List<String> versions = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "runs per cell; loss is probabilistic (default ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = "--expect", paramLabel = "SELECTOR:OUTCOME", description = {"an expectation; repeatable. SELECTOR: * or KEY=VALUE[,KEY=VALUE...];",
            "OUTCOME: valid (no repeat has anomalies), invalid (some repeat has), or an anomaly type (some repeat reports it)"})
    List<String> expects = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "N", description = "base seed: repeat n of every cell uses N+n-1 (default: random per run)")
    Long seed;

    @Option(names = "--time-limit", paramLabel = "SECONDS", description = "override the scenario's time limit in every run")
    Integer timeLimit;

    @Option(names = "--store", paramLabel = "DIR", defaultValue = "store", description = "where the matrix folder goes (default ${DEFAULT-VALUE})")
    Path store;

    @Option(names = "--name", paramLabel = "NAME", description = "matrix name, part of its folder's name (default: matrix-<scenario>)")
    String name;

    @Parameters(paramLabel = "RUN_OPTION", description = "after --: more run options for every cell, e.g. -- --nodes 5")
    List<String> runOptions = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (repeat < 1) throw bad("--repeat must be >= 1");
        for (String o : runOptions) {
            for (String own : List.of("--scenario", "--store", "--name", "--seed", "--kafka-version")) {
                if (o.equals(own) || o.startsWith(own + "=")) throw bad(own + " is a matrix option; give it before --");
            }
        }
        Scenario sc = Scenarios.load(scenario);
        List<MatrixAxis> axes = axes();
        List<MatrixCellSpec> cells = MatrixCellSpec.grid(axes);
        List<Expectation> expectations = new ArrayList<>();
        for (String e : expects) expectations.add(Expectation.parse(e, axes, cells));
        List<String> kafkaVersions = axes.stream().filter(a -> a.named(MatrixAxis.KAFKA_VERSION)).flatMap(a -> a.values().stream()).toList();
        for (String v : kafkaVersions) VersionProfile.of(v);
        MavenKafkaResolver resolver = new MavenKafkaResolver(MavenKafkaResolver.defaultLocalRepository());
        axes.stream().filter(a -> a.named(RunOption.CLIENT_VERSION.scenarioKey())).flatMap(a -> a.values().stream())
                .forEach(v -> JavaClientRelease.load(v, resolver)); // a bad or unresolvable client refuses the matrix before any run

        Path dir = MatrixFolder.create(store, name != null ? name : "matrix-" + sc.name());
        System.setProperty("org.slf4j.simpleLogger.logFile", dir.resolve("matrix.log").toString());
        for (String v : kafkaVersions) KafkaDistribution.forVersion(v, System.out);
        System.out.printf("matrix of scenario %s: %d cells x %d repeats = %d runs, in %s%n", sc.name(), cells.size(), repeat,
                cells.size() * repeat, dir);

        List<String> common = new ArrayList<>();
        if (timeLimit != null) common.addAll(List.of("--time-limit", timeLimit.toString()));
        common.addAll(runOptions);
        MatrixRunner runner = new MatrixRunner(dir, scenario, common, seed, repeat, new ChildJvmLauncher(), System.out);
        String command = "kchaos " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        MatrixResult result = new MatrixResult(sc.name(), command, repeat, axes, expectations, runner.run(cells));
        write(dir, result);
        return result.exitCode();
    }

    private List<MatrixAxis> axes() {
        List<MatrixAxis> axes = new ArrayList<>();
        for (String s : sets) axes.add(MatrixAxis.parse(s));
        if (!versions.isEmpty()) axes.add(MatrixAxis.of(MatrixAxis.KAFKA_VERSION, versions));
        Set<String> seen = new HashSet<>();
        for (MatrixAxis a : axes) {
            if (!seen.add(a.route().target() + "/" + a.route().key())) throw bad("'" + a.key() + "' is varied twice");
        }
        return axes;
    }

    private void write(Path dir, MatrixResult result) {
        String table = result.table();
        try {
            Json.PRETTY.writeValue(dir.resolve("matrix.json").toFile(), result.toJson(dir));
            Files.writeString(dir.resolve("matrix.txt"), table);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the matrix results in " + dir + ": " + e.getMessage(), e);
        }
        System.out.println();
        System.out.print(table);
        try {
            System.out.println("matrix page: " + MatrixPageWriter.write(dir, result).html());
        } catch (RuntimeException e) {
            System.out.println("warning: no matrix page: " + ErrorHandlers.oneLine(e));
        }
        System.out.println("matrix folder: " + dir);
        int exit = result.exitCode();
        System.out.println(exit == 0 ? "every expectation met" : exit == 1 ? "EXPECTATION UNMET" : "some runs could not be judged");
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
