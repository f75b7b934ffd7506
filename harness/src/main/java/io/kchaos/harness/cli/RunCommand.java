package io.kchaos.harness.cli;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.harness.cluster.ClusterSpec;
import io.kchaos.harness.cluster.KafkaDistribution;
import io.kchaos.harness.cluster.LocalCluster;
import io.kchaos.harness.cluster.ServerProperties;
import io.kchaos.harness.os.ProcessCommandRunner;
import io.kchaos.harness.run.ChaosRun;
import io.kchaos.harness.run.Judges;
import io.kchaos.harness.run.RunConfig;
import io.kchaos.harness.run.RunFolder;
import io.kchaos.harness.run.Hosts;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisRegistry;
import io.kchaos.workload.queue.QueueWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

/** {@code kchaos run}: the main job — a real cluster, a workload under a nemesis, heal, drain, check, report. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start a real Kafka cluster, run a workload under a nemesis, heal, drain, stop cleanly, check, report.",
                "Exit 0 valid, 1 anomalies, 2 could not judge."})
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--time-limit", paramLabel = "SECONDS", defaultValue = "60", description = "how long the workload runs, faults included (default ${DEFAULT-VALUE})")
    int timeLimit;

    @Option(names = "--nemesis", paramLabel = "NAME", split = ",", defaultValue = "kill-leader",
            description = "faults to mix: none, kill-leader, kill-random, pause, pause-leader, pause-followers-kill-leader, partition, slow, flaky, ... (default ${DEFAULT-VALUE})")
    List<String> nemesis;

    @Option(names = "--nemesis-interval", paramLabel = "SECONDS", defaultValue = "10", description = "mean time between faults (default ${DEFAULT-VALUE})")
    double nemesisInterval;

    @Option(names = "--fault-duration", paramLabel = "SECONDS", defaultValue = "5", description = "mean time a fault lasts before it is healed (default ${DEFAULT-VALUE})")
    double faultDuration;

    @Option(names = "--seed", paramLabel = "N", description = "seeds every random choice (default: random, recorded in run.json)")
    Long seed;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "3", description = "cluster size (default ${DEFAULT-VALUE})")
    int nodes;

    @Option(names = "--partitions", paramLabel = "P", defaultValue = "3", description = "topic partitions (default ${DEFAULT-VALUE})")
    int partitions;

    @Option(names = "--replication-factor", paramLabel = "R", description = "topic replication factor (default: min(3, nodes))")
    Integer replicationFactor;

    @Option(names = "--rate", paramLabel = "OPS", defaultValue = "1000", description = "target sends per second, all producers together (default ${DEFAULT-VALUE})")
    double rate;

    @Option(names = "--producers", paramLabel = "N", defaultValue = "3", description = "producer workers (default ${DEFAULT-VALUE})")
    int producers;

    @Option(names = "--consumers", paramLabel = "N", defaultValue = "1", description = "consumer workers polling during the run (default ${DEFAULT-VALUE})")
    int consumers;

    @Option(names = "--broker-config", paramLabel = "KEY=VALUE", description = "a broker setting for every node; repeatable (e.g. min.insync.replicas=1)")
    Map<String, String> brokerConfig = new LinkedHashMap<>();

    @Option(names = "--producer-config", paramLabel = "KEY=VALUE", description = "a producer setting; repeatable (e.g. acks=1)")
    Map<String, String> producerConfig = new LinkedHashMap<>();

    @Option(names = "--consumer-config", paramLabel = "KEY=VALUE", description = "a consumer setting; repeatable")
    Map<String, String> consumerConfig = new LinkedHashMap<>();

    @Option(names = "--store", paramLabel = "DIR", defaultValue = "store", description = "where run folders go (default ${DEFAULT-VALUE})")
    Path store;

    @Option(names = "--name", paramLabel = "NAME", defaultValue = "queue", description = "run name, part of the run folder's name (default ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--kafka-home", paramLabel = "DIR", description = "use this Kafka distribution (its libs/ folder) instead of the bundled broker")
    Path kafkaHome;

    @Option(names = "--broker-heap-mb", paramLabel = "MB", defaultValue = "512", description = "heap of each broker JVM (default ${DEFAULT-VALUE})")
    int heapMb;

    @Option(names = "--topic", paramLabel = "NAME", defaultValue = "kchaos-queue", description = "the workload's topic (default ${DEFAULT-VALUE})")
    String topic;

    @Option(names = "--no-namespaces", description = "run every node on loopback even as root (no network faults)")
    boolean noNamespaces;

    @Override
    public Integer call() throws Exception {
        RunConfig config = config();
        List<Nemesis> nemeses = NemesisRegistry.builtIn().parse(config.nemesis());
        KafkaDistribution dist = config.kafkaHome() == null ? KafkaDistribution.bundled() : KafkaDistribution.fromHome(config.kafkaHome());
        RunFolder folder = RunFolder.create(config.store(), config.name());
        System.setProperty("org.slf4j.simpleLogger.logFile", folder.clientLog().toString());
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        Map<String, String> settings = new LinkedHashMap<>(ServerProperties.harnessDefaults(config.nodes()));
        settings.putAll(config.brokerConfig());
        ClusterSpec clusterSpec = new ClusterSpec(config.nodes(), dist, settings, config.heapMb(), Duration.ofSeconds(120));
        ChaosRun run = new ChaosRun(config, folder,
                (c, f) -> new LocalCluster(clusterSpec, f.nodes(), Hosts.choose(c.namespaces(), System.out), new ProcessCommandRunner()),
                c -> new QueueWorkload(), nemeses, Judges.forRun(), System.out);
        CheckResult result = run.execute();
        VerdictPrinter.print(result, System.out);
        System.out.println("run folder: " + folder.dir());
        return result.verdict().exitCode();
    }

    private RunConfig config() {
        if (timeLimit <= 0) throw bad("--time-limit must be > 0 seconds");
        if (nodes < 1) throw bad("--nodes must be >= 1");
        if (partitions < 1) throw bad("--partitions must be >= 1");
        if (!(rate > 0)) throw bad("--rate must be > 0");
        if (producers < 1) throw bad("--producers must be >= 1");
        if (consumers < 0) throw bad("--consumers must be >= 0");
        if (!(nemesisInterval > 0)) throw bad("--nemesis-interval must be > 0");
        if (!(faultDuration > 0)) throw bad("--fault-duration must be > 0");
        if (heapMb < 128) throw bad("--broker-heap-mb must be >= 128");
        int rf = replicationFactor == null ? Math.min(3, nodes) : replicationFactor;
        if (rf < 1 || rf > nodes) throw bad("--replication-factor must be between 1 and --nodes (" + nodes + ")");
        long s = seed != null ? seed : ThreadLocalRandom.current().nextLong(1L << 48);
        String command = "kchaos " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        return new RunConfig(name, command, null, s, timeLimit, nemesis, nemesisInterval, faultDuration, nodes, partitions,
                (short) rf, rate, producers, consumers, brokerConfig, producerConfig, consumerConfig, store, kafkaHome, heapMb,
                topic, !noNamespaces);
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
