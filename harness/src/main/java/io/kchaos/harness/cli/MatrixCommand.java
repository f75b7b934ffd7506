package io.kchaos.harness.cli;

import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.harness.client.JavaClientRelease;
import io.kchaos.harness.run.RunOption;
import io.kchaos.cluster.version.MavenKafkaResolver;
import io.kchaos.harness.matrix.ChildJvmLauncher;
import io.kchaos.harness.matrix.Expectation;
import io.kchaos.harness.matrix.MatrixAxis;
import io.kchaos.harness.matrix.MatrixCellSpec;
import io.kchaos.harness.matrix.MatrixFolder;
import io.kchaos.harness.matrix.MatrixGrid;
import io.kchaos.harness.matrix.MatrixResult;
import io.kchaos.harness.matrix.MatrixRunner;
import io.kchaos.harness.matrix.MatrixShard;
import io.kchaos.harness.scenario.Scenario;
import io.kchaos.harness.scenario.Scenarios;
import io.kchaos.cluster.version.VersionProfile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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
                "--shard K/N runs only every N-th cell (a CI runner's part of the grid); `kchaos merge` joins the shards' folders.",
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

    @Option(names = "--name", paramLabel = "NAME", description = "matrix name, part of its folder's name (default: matrix-<scenario>[-shard-K-of-N])")
    String name;

    @Option(names = "--shard", paramLabel = "K/N", converter = ShardConverter.class, description = {"run only the cells whose position in the",
            "full grid (0-based) is K-1 modulo N, with the ids and seeds they have in the full grid; join the N folders with kchaos merge"})
    MatrixShard shard = MatrixShard.WHOLE;

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

        List<String> common = new ArrayList<>();
        if (timeLimit != null) common.addAll(List.of("--time-limit", timeLimit.toString()));
        common.addAll(runOptions);
        MatrixGrid grid = new MatrixGrid(sc.name(), repeat, seed, common, axes, expectations);
        List<MatrixCellSpec> mine = shard.select(cells);

        String sharded = shard.equals(MatrixShard.WHOLE) ? "" : "-shard-" + shard.index() + "-of-" + shard.count();
        Path dir = MatrixFolder.create(store, name != null ? name : "matrix-" + sc.name() + sharded);
        System.setProperty("org.slf4j.simpleLogger.logFile", dir.resolve("matrix.log").toString());
        for (String v : kafkaVersions) KafkaDistribution.forVersion(v, System.out);
        String part = shard.equals(MatrixShard.WHOLE) ? "" : String.format("shard %s, %d of ", shard, mine.size());
        System.out.printf("matrix of scenario %s: %s%d cells x %d repeats = %d runs, in %s%n", sc.name(), part, cells.size(), repeat,
                mine.size() * repeat, dir);

        MatrixRunner runner = new MatrixRunner(dir, scenario, common, seed, repeat, new ChildJvmLauncher(), System.out);
        String command = CommandLineText.of(spec);
        MatrixResult result = new MatrixResult(command, grid, shard, runner.run(mine));
        MatrixOutput.write(dir, result, result.toJson(dir), System.out);
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

    /** Converts {@code --shard K/N}; a bad value is one line and exit 2. */
    static final class ShardConverter implements CommandLine.ITypeConverter<MatrixShard> {
        @Override
        public MatrixShard convert(String value) {
            try {
                return MatrixShard.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
