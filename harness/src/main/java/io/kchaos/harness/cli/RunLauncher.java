package io.kchaos.harness.cli;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.harness.cluster.ClusterSpec;
import io.kchaos.harness.cluster.KafkaDistribution;
import io.kchaos.harness.cluster.LocalCluster;
import io.kchaos.harness.cluster.ServerProperties;
import io.kchaos.harness.docker.DockerBackend;
import io.kchaos.harness.docker.DockerSpec;
import io.kchaos.harness.os.CommandRunner;
import io.kchaos.harness.os.ProcessCommandRunner;
import io.kchaos.harness.run.Capabilities;
import io.kchaos.harness.run.ChaosRun;
import io.kchaos.harness.run.ClusterFactory;
import io.kchaos.harness.run.Hosts;
import io.kchaos.harness.run.Interrupts;
import io.kchaos.harness.run.Judges;
import io.kchaos.harness.run.LocalClusters;
import io.kchaos.harness.run.RunClock;
import io.kchaos.harness.run.RunConfig;
import io.kchaos.harness.run.RunFolder;
import io.kchaos.harness.storage.DataDisks;
import io.kchaos.harness.storage.SyncTracking;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRegistry;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.network.NetworkFaultOptions;
import io.kchaos.nemesis.network.Topology;
import io.kchaos.workload.Workloads;

import java.io.PrintStream;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Wires one {@code kchaos run} from its resolved configuration: the nemeses, the hosts or containers of the chosen
 * backend (refusing faults it cannot inject), the broker distribution and settings (refusing unknown ones before any
 * run folder is visible), then the {@link ChaosRun}. The CLI class only parses and validates options.
 */
final class RunLauncher {
    /** The finished run's result and its folder. */
    record Launched(CheckResult result, RunFolder folder) {
    }

    private final RunConfig config;
    private final String kafkaVersion;
    private final Backend backend;
    private final String kafkaImage;
    private final String toxiproxyImage;
    private final Map<String, String> nemesisOptions;
    private final PrintStream out;

    RunLauncher(RunConfig config, String kafkaVersion, Backend backend, String kafkaImage, String toxiproxyImage,
                Map<String, String> nemesisOptions, PrintStream out) {
        this.config = config;
        this.kafkaVersion = kafkaVersion;
        this.backend = backend;
        this.kafkaImage = kafkaImage;
        this.toxiproxyImage = toxiproxyImage;
        this.nemesisOptions = nemesisOptions;
        this.out = out;
    }

    Launched launch() throws Exception {
        NetworkFaultOptions netOptions = NetworkFaultOptions.defaults().withPartitionTargets(Topology.parse(config.partitionTargets()));
        List<Nemesis> nemeses = NemesisRegistry.builtIn(netOptions, new NemesisOptions(nemesisOptions)).parse(config.nemesis());
        CommandRunner runner = new ProcessCommandRunner();
        Hosts.Plan hosts = backend == Backend.LOCAL ? localHosts(nemeses, runner) : null;
        if (backend == Backend.DOCKER) DockerBackend.refuseUnavailable(nemeses);
        boolean storeExisted = java.nio.file.Files.isDirectory(config.store());
        RunFolder staged = RunFolder.stage(config.store(), config.name()); // nothing visible until the inputs are valid
        KafkaDistribution dist;
        Map<String, String> settings;
        try {
            // before any Kafka class logs: SLF4J's first log line fixes where it writes
            System.setProperty("org.slf4j.simpleLogger.logFile", staged.clientLog().toString());
            System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
            SettingNames.check(config.brokerConfig(), config.producerConfig(), config.consumerConfig());
            dist = kafkaVersion != null ? KafkaDistribution.forVersion(kafkaVersion, out)
                    : config.kafkaHome() == null ? KafkaDistribution.bundled() : KafkaDistribution.fromHome(config.kafkaHome());
            settings = new LinkedHashMap<>(ServerProperties.harnessDefaults(config.nodes()));
            settings.putAll(config.brokerConfig());
            dist.profile().check(settings);
            List<String> unknownSettings = new java.util.ArrayList<>(dist.unknownSettings(settings));
            SettingNames.refuseUnknownBroker(dist.version(), unknownSettings.stream().filter(config.brokerConfig()::containsKey).toList());
            if (!unknownSettings.isEmpty()) {
                out.println("warning: Kafka " + dist.version() + " does not define kchaos's default broker setting(s) " + unknownSettings + "; its brokers ignore them");
            }
        } catch (RuntimeException | Error refused) {
            staged.discard();
            if (!storeExisted) RunFolder.removeIfEmpty(config.store());
            throw refused;
        }
        RunFolder folder = staged.publish();
        ClusterSpec clusterSpec = new ClusterSpec(config.nodes(), dist, settings, config.heapMb(), Duration.ofSeconds(120));
        ClusterFactory clusters = backend == Backend.DOCKER
                ? DockerBackend.clusters(new DockerSpec(config.nodes(), kafkaImage != null ? kafkaImage : DockerSpec.officialImage(dist.version()),
                        settings, config.heapMb(), Duration.ofSeconds(180), DockerBackend.toxiproxyFor(nemeses, toxiproxyImage)))
                : new LocalClusters((c, f) -> localCluster(clusterSpec, f, hosts, runner, nemeses), runner);
        ChaosRun run = new ChaosRun(config, folder, clusters,
                c -> Workloads.create(c.workload()), nemeses, Judges.forRun(config.workload()), out, RunClock.SYSTEM);
        Interrupts interrupts = Interrupts.install(run.stop(), run::moment, System.err);
        try {
            return new Launched(run.execute(), folder);
        } finally {
            interrupts.close();
        }
    }

    /** A local cluster, with the sync-tracking agent in its brokers only when a fault (power loss) needs it. */
    private static LocalCluster localCluster(ClusterSpec spec, RunFolder folder, Hosts.Plan hosts, CommandRunner runner, List<Nemesis> nemeses) {
        LocalCluster cluster = new LocalCluster(spec, folder.nodes(), hosts.create(), runner, DataDisks.forNemeses(nemeses, runner));
        boolean power = nemeses.stream().anyMatch(n -> n.requires().contains(Capability.POWER_LOSS));
        return power ? cluster.trackSyncs(SyncTracking.withBundledAgent()) : cluster;
    }

    /** Where the local nodes live; refuses the faults that this machine's hosts (or the local backend) cannot inject. */
    private Hosts.Plan localHosts(List<Nemesis> nemeses, CommandRunner runner) {
        EnumSet<Capability> local = EnumSet.complementOf(EnumSet.of(Capability.TOXICS));
        if (!DataDisks.canMount(runner)) local.remove(Capability.DISK_LIMIT);
        Capabilities.refuse(nemeses, local, "--backend local");
        Hosts.Plan hosts = Hosts.plan(config.namespaces(), runner);
        hosts.refuseUnavailable(nemeses);
        hosts.note().ifPresent(out::println);
        return hosts;
    }
}
