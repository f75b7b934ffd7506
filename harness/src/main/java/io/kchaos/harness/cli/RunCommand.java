package io.kchaos.harness.cli;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.harness.client.JavaClientRelease;
import io.kchaos.harness.client.ReleaseWorkloads;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.QuorumMode;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.TieredStorage;
import io.kchaos.cluster.install.Installation;
import io.kchaos.backend.docker.DockerSpec;
import io.kchaos.harness.launch.BackendChoice;
import io.kchaos.harness.launch.BrokerRelease;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.harness.run.ChaosRun;
import io.kchaos.harness.run.ClientConfig;
import io.kchaos.harness.run.ClusterConfig;
import io.kchaos.harness.run.KeepData;
import io.kchaos.harness.run.RunFolderSize;
import io.kchaos.harness.run.FaultConfig;
import io.kchaos.harness.run.Interrupts;
import io.kchaos.harness.run.Judge;
import io.kchaos.harness.run.Judges;
import io.kchaos.harness.run.RunClock;
import io.kchaos.harness.run.RunConfig;
import io.kchaos.harness.run.RunFolder;
import io.kchaos.harness.run.RunSetup;
import io.kchaos.harness.run.SecurityRefusal;
import io.kchaos.cluster.security.ClientPropertiesFile;
import io.kchaos.cluster.security.SecurityMode;
import io.kchaos.harness.upgrade.UpgradeSchedule;
import io.kchaos.cluster.version.MavenKafkaResolver;
import io.kchaos.cluster.version.UpgradePath;
import io.kchaos.harness.run.SettingOrigins;
import io.kchaos.harness.run.WorkloadConfig;
import io.kchaos.harness.run.WorkloadMix;
import io.kchaos.harness.replay.ReplayBanner;
import io.kchaos.harness.replay.ReplaySource;
import io.kchaos.nemesis.replay.RecordedSchedule;
import io.kchaos.backend.ssh.HostsFile;
import io.kchaos.backend.ssh.HostsSecurity;
import io.kchaos.cluster.version.VersionProfile;
import io.kchaos.history.HistoryFormat;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.schedule.FaultPlan;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.network.NetworkFaultOptions;
import io.kchaos.nemesis.network.Topology;
import io.kchaos.workload.ClientKind;
import io.kchaos.workload.common.JavaClientKind;
import io.kchaos.workload.group.GroupWorkload;
import io.kchaos.workload.queue.QueueWorkload;
import io.kchaos.workload.rdkafka.RdkafkaClientKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = RunOptionDefaults.class,
        resourceBundle = "io.kchaos.harness.cli.RunOptionHelp",
        description = {"Start a real Kafka cluster, run a workload under a nemesis, heal, drain, stop cleanly, check, report.",
                "Exit 0 valid, 1 anomalies, 2 could not judge."})
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--workload", paramLabel = "NAME")
    String workload;

    @Option(names = {"--workload-option", "--workload-options"}, paramLabel = "KEY=VALUE")
    Map<String, String> workloadOptions = new LinkedHashMap<>();

    @Option(names = "--client", paramLabel = "java|librdkafka")
    String client;

    @Option(names = "--client-version", paramLabel = "X.Y.Z")
    String clientVersion;

    @Option(names = "--time-limit", paramLabel = "SECONDS")
    int timeLimit;

    @Option(names = "--nemesis", paramLabel = "NAME", split = ",", completionCandidates = NemesesCommand.Names.class)
    List<String> nemesis;

    @Option(names = {"--nemesis-option", "--nemesis-options"}, paramLabel = "KEY=VALUE", completionCandidates = NemesesCommand.OptionKeys.class)
    Map<String, String> nemesisOptions = new LinkedHashMap<>();

    @Option(names = "--partition-targets", paramLabel = "TOPOLOGY", split = ",")
    List<String> partitionTargets;

    @Option(names = "--nemesis-interval", paramLabel = "SECONDS")
    double nemesisInterval;

    @Option(names = "--fault-duration", paramLabel = "SECONDS")
    double faultDuration;

    @Option(names = "--seed", paramLabel = "N")
    Long seed;

    @Option(names = "--nodes", paramLabel = "N")
    int nodes;

    @Option(names = "--controllers", paramLabel = "N")
    int controllers;

    @Option(names = "--quorum", paramLabel = "static|dynamic")
    String quorum;

    @Option(names = "--initial-voters", paramLabel = "K")
    Integer initialVoters;

    @Option(names = "--log-dirs", paramLabel = "N")
    int logDirs;

    @Option(names = "--security", paramLabel = "plaintext|tls|mtls|sasl-plain|sasl-scram|sasl-scram-tls")
    String security;

    @Option(names = "--tiered", arity = "0..1", paramLabel = "true|false")
    boolean tiered;

    @Option(names = "--partitions", paramLabel = "P")
    int partitions;

    @Option(names = "--replication-factor", paramLabel = "R")
    Integer replicationFactor;

    @Option(names = "--rate", paramLabel = "OPS")
    double rate;

    @Option(names = "--producers", paramLabel = "N")
    int producers;

    @Option(names = "--consumers", paramLabel = "N")
    int consumers;

    @Option(names = "--broker-config", paramLabel = "KEY=VALUE")
    Map<String, String> brokerConfig = new LinkedHashMap<>();

    @Option(names = "--topic-config", paramLabel = "KEY=VALUE")
    Map<String, String> topicConfig = new LinkedHashMap<>();

    @Option(names = "--producer-config", paramLabel = "KEY=VALUE")
    Map<String, String> producerConfig = new LinkedHashMap<>();

    @Option(names = "--consumer-config", paramLabel = "KEY=VALUE")
    Map<String, String> consumerConfig = new LinkedHashMap<>();

    @Option(names = "--history-format", paramLabel = "jsonl|zstd")
    String historyFormat;

    @Option(names = "--keep-data", paramLabel = "all|failing")
    String keepData;

    @Option(names = "--store", paramLabel = "DIR", defaultValue = "store", description = "where run folders go (default ${DEFAULT-VALUE})")
    Path store;

    @Option(names = "--name", paramLabel = "NAME", description = "run name, part of the run folder's name (default: the scenario's name, else the workload's)")
    String name;

    @Option(names = "--kafka-home", paramLabel = "DIR", description = "use this Kafka distribution (its libs/ folder) instead of the bundled broker")
    Path kafkaHome;

    @Option(names = "--kafka-version", paramLabel = "X.Y.Z")
    String kafkaVersion;

    @Mixin
    UpgradeOptions upgrade;

    @Option(names = "--scenario", paramLabel = "NAME|FILE", description = "start from a scenario (shipped name or .json file; see docs/scenarios.md); options given here override it")
    String scenario;

    @Option(names = "--replay-faults", paramLabel = "RUN_DIR",
            description = "re-apply the fault schedule recorded in that run's history: the same ops at the same times, aimed at the same "
                    + "roles (the leader of partition p, its followers, the coordinator), resolved in this cluster at each op; the "
                    + "run takes that run's settings (run.json) except the options given here")
    Path replayFaults;

    @Option(names = "--replay-keep", paramLabel = "N,...", split = ",",
            description = "with --replay-faults: replay only these faults of the schedule, by number (kchaos shrink prints them)")
    List<Integer> replayKeep;

    private String scenarioName;
    private SettingOrigins origins = SettingOrigins.NONE;

    @Option(names = "--backend", paramLabel = "local|docker|ssh", defaultValue = "local",
            description = "where the brokers run: local JVMs, Docker containers via Testcontainers (Toxiproxy faults toxic-*, isolate), or hosts over SSH (docs/ssh.md) (default ${DEFAULT-VALUE})")
    Backend backend;

    @Mixin
    SshOptions ssh;

    @Mixin
    ConsistencyModelOption consistency;

    @Option(names = "--kafka-image", paramLabel = "IMAGE", description = "--backend docker: any image with Kafka under /opt/kafka (default: apache/kafka:<Kafka version>)")
    String kafkaImage;

    @Option(names = "--toxiproxy-image", paramLabel = "IMAGE", defaultValue = DockerSpec.DEFAULT_TOXIPROXY_IMAGE,
            description = "--backend docker: the Toxiproxy image, started only for toxic-* and isolate (default ${DEFAULT-VALUE})")
    String toxiproxyImage;

    @Option(names = "--broker-heap-mb", paramLabel = "MB")
    int heapMb;

    @Option(names = "--topic", paramLabel = "NAME")
    String topic;

    @Option(names = "--proxy", description = "send the clients through the kchaos proxy (Kroxylicious, its own JVM) even without a protocol "
            + "fault (the proxy-* faults: proxy-hold, proxy-delay, proxy-drop-response, proxy-duplicate, proxy-error and the link faults switch it on "
            + "by themselves; every backend)")
    boolean proxy;

    @Option(names = "--no-namespaces", description = "run every node on loopback even as root (no network faults: partition, partition-clients, slow, flaky)")
    boolean noNamespaces;

    @Override
    public Integer call() throws Exception {
        boolean storeExisted = java.nio.file.Files.isDirectory(store);
        // nothing visible until the inputs are valid; its client log set before any Kafka class logs (reading a
        // setting's name loads Kafka's config classes): SLF4J's first line fixes where it writes for the whole JVM
        RunFolder staged = RunFolder.stage(store, "run");
        System.setProperty("org.slf4j.simpleLogger.logFile", staged.clientLog().toString());
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        try {
            return run(staged);
        } finally { // a no-op once published: the staged folder was moved
            staged.discard();
            if (!storeExisted) RunFolder.removeIfEmpty(store);
        }
    }

    private int run(RunFolder staged) throws Exception {
        origins = SettingOrigins.ofCommandLine(brokerConfig, producerConfig, consumerConfig);
        ReplaySource replaySource = replaySource();
        if (scenario != null) {
            var loaded = ScenarioDefaults.apply(scenario, spec);
            scenarioName = loaded.name();
            System.out.println("scenario " + loaded.name() + (loaded.expected().isBlank() ? "" : " (expected: " + loaded.expected() + ")"));
        }
        HostsFile.Plan sshHosts = backend == Backend.SSH ? sshHosts() : null;
        RunConfig config = config();
        RecordedSchedule replay = replaySource == null ? null : replaySchedule(replaySource, config);
        UpgradePath upgradePath = upgrade.path(backend, this::releaseVersion);
        if (upgradePath != null && config.cluster().quorum().dedicated()) {
            throw bad("--upgrade-to rolls the brokers of combined mode only; not with --controllers (Kafka upgrades controllers first)");
        }
        NetworkFaultOptions netOptions = NetworkFaultOptions.defaults().withPartitionTargets(Topology.parse(config.faults().partitionTargets()));
        NemesisOptions faultOptions = new NemesisOptions(nemesisOptions);
        List<Nemesis> nemeses = FaultPlan.apply(NemesisRegistry.builtIn(netOptions, faultOptions).parse(config.faults().nemesis()), faultOptions);
        String insecure = SecurityRefusal.of(config, backend.name().toLowerCase(java.util.Locale.ROOT));
        if (insecure != null) throw bad(insecure);
        Map<String, String> clientLogin = clientLogin(config, sshHosts, nemeses);
        BackendChoice brokersHome = switch (backend) {
            case LOCAL -> BackendChoice.local(config, nemeses, new ProcessCommandRunner(), System.out);
            case DOCKER -> BackendChoice.docker(nemeses, kafkaImage, toxiproxyImage);
            case SSH -> BackendChoice.ssh(ssh.open(sshHosts, nemeses, System.out), clientLogin, System.out);
        };
        if (kafkaVersion != null && config.cluster().kafkaHome() != null) throw bad("give --kafka-version or --kafka-home, not both");
        if (kafkaVersion != null) VersionProfile.of(kafkaVersion);
        if (config.cluster().quorum().mode() == QuorumMode.DYNAMIC) {
            String refused = config.cluster().quorum().mode().refusedOn(VersionProfile.of(releaseVersion()));
            if (refused != null) throw bad(refused);
        }
        if (config.cluster().logDirs() > 1 && !VersionProfile.of(releaseVersion()).hasJbod()) {
            throw bad("--log-dirs " + config.cluster().logDirs() + " needs KRaft JBOD (Kafka 3.7 or later), not Kafka " + releaseVersion());
        }
        Path pluginJar = config.cluster().tiered() ? tieredStoragePlugin() : null;
        BrokerRelease release;
        UpgradeSchedule upgradeSchedule = null;
        ClientKind clientKind;
        clientKind = clientKind(config); // after the log file is set: Maven Resolver logs through SLF4J
        release = BrokerRelease.resolve(config, kafkaVersion, !(clientKind instanceof RdkafkaClientKind), System.out).withAuthorizerOf(config);
        String refused = WorkloadMix.of(config.load().name()).refusedOn(release.distribution().version());
        if (refused != null) throw bad(refused);
        if (clientKind instanceof RdkafkaClientKind rd) {
            String scram = SecurityRefusal.scramOfLibrdkafka(config.cluster().security(), rd.librdkafkaVersion(), release.distribution().version());
            if (scram != null) throw bad(scram);
        }
        if (upgradePath != null) upgradeSchedule = upgrade.schedule(upgradePath, release.distribution(), release.settings());
        RunFolder folder = staged.publish(config.name());
        // a logger made after this (the first in this JVM) finds the log under its new name; one made before writes on
        // through the renamed file
        System.setProperty("org.slf4j.simpleLogger.logFile", folder.files().clientLog().toString());
        if (pluginJar != null) {
            java.nio.file.Files.createDirectories(folder.files().bucket());
            release = release.withKchaosSettings(new TieredStorage(pluginJar, folder.files().bucket()).brokerSettings(config.cluster().nodes()),
                    config.cluster().brokerConfig());
        }
        RunSetup setup = RunSetup.NONE.withClient(clientKind).withUpgrade(upgradeSchedule).withBrokers(new ClusterSpec(config.cluster().nodes(),
                release.distribution(), release.settings(), config.cluster().heapMb(), Duration.ofSeconds(120), config.cluster().quorum(),
                config.cluster().logDirs(), config.cluster().security()));
        if (replay != null) setup = setup.withReplay(replay, replaySource.replayOf(replay, replay.faults()));
        RunConfig plan = config.withSetup(setup);
        Judge judge = Judges.forRun(plan.load().name(), plan.cluster().partitions()).under(consistency.model());
        ChaosRun run = new ChaosRun(plan, folder, brokersHome.clusters(setup.brokers()),
                c -> WorkloadMix.of(c.load().name()).create(), nemeses, judge, System.out, RunClock.SYSTEM);
        CheckResult result;
        Interrupts interrupts = Interrupts.install(run.stop(), run::moment, System.err);
        try {
            result = run.execute();
        } catch (Exception | Error failure) {
            recordFailure(folder, failure);
            throw failure;
        } finally {
            interrupts.close();
        }
        VerdictPrinter.print(result, System.out);
        if (replaySource != null) System.out.println(ReplayBanner.outcome(replaySource, replay, result));
        System.out.println(RunFolderSize.line(folder.dir()));
        return VerdictPrinter.exitCode(result);
    }

    /** failure.txt: the line the user is about to read, kept in the run folder for whoever finds it without a verdict. */
    private static void recordFailure(RunFolder folder, Throwable failure) {
        try {
            java.nio.file.Files.writeString(folder.files().failure(), "kchaos: " + ErrorHandlers.oneLine(failure) + "\n");
        } catch (java.io.IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * A tiered run's plugin jar, after the checks that it can run: a release with production-ready tiered storage and
     * the jar built (local backend only, checked with the other options).
     */
    private Path tieredStoragePlugin() {
        VersionProfile profile = VersionProfile.of(releaseVersion());
        if (!profile.hasTieredStorage()) {
            throw bad("--tiered needs Kafka 3.9 or later (tiered storage is early access before 3.9), not Kafka " + releaseVersion());
        }
        return Installation.current().tieredStorageJar().orElseThrow(() -> bad("--tiered needs the tiered-storage plugin jar, "
                + "in neither <home>/plugins nor tiered-storage/target: build it (mvn -pl tiered-storage package)"));
    }

    /** The release the brokers start on: {@code --kafka-version}, else {@code --kafka-home}'s, else the bundled one. */
    private String releaseVersion() {
        return kafkaVersion != null ? kafkaVersion
                : kafkaHome == null ? KafkaDistribution.bundled().version() : KafkaDistribution.fromHome(kafkaHome).version();
    }

    /** The run whose faults are replayed (its settings applied to the options not given), or null. */
    private ReplaySource replaySource() {
        if (replayFaults == null) {
            if (replayKeep != null) throw bad("--replay-keep needs --replay-faults");
            return null;
        }
        if (scenario != null) throw bad("--scenario with --replay-faults: a replay takes the original run's settings (its scenario's"
                + " included) from its run.json; override single options instead");
        ReplaySource source;
        List<String> taken;
        try {
            source = ReplaySource.load(replayFaults);
            taken = RunJsonDefaults.apply(source.runJson().fields(), spec);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        String original = source.runJson().scenario().orElse("");
        if (!original.isEmpty() && !original.equals("null")) scenarioName = original;
        if (name == null) name = "replay-" + source.name();
        System.out.println("replay of " + source.dir() + ": its settings from run.json (" + String.join(", ", taken)
                + "), except the options given here");
        return source;
    }

    /** The faults to replay (--replay-keep), said on the console with anything the reader had to assume. */
    private RecordedSchedule replaySchedule(ReplaySource source, RunConfig config) {
        RecordedSchedule all = source.schedule();
        RecordedSchedule kept;
        try {
            kept = replayKeep == null ? all : all.keep(new java.util.TreeSet<>(replayKeep));
        } catch (IllegalArgumentException e) {
            throw bad("--replay-keep: " + e.getMessage());
        }
        ReplayBanner.start(source, kept, config.timeLimitSeconds()).forEach(System.out::println);
        return kept;
    }

    /** The client asked for, checked (interpreter, module, settings) before anything is created or started. */
    private ClientKind clientKind(RunConfig config) {
        if (clientVersion != null) {
            if (!client.equals(JavaClientKind.NAME)) throw bad("--client-version is a kafka-clients release: give it with --client java, not " + client);
            String workload = config.load().name();
            String notDriven = ReleaseWorkloads.refusal(workload);
            if (notDriven != null) throw bad(notDriven);
            JavaClientRelease release = JavaClientRelease.load(clientVersion, new MavenKafkaResolver(MavenKafkaResolver.defaultLocalRepository()));
            String lacking = workload.equals(GroupWorkload.NAME)
                    ? GroupWorkload.refusedBy(release, config.load().options(), config.clients().consumerConfig()) : null;
            if (lacking != null) throw bad(lacking);
            return release;
        }
        if (client.equals(JavaClientKind.NAME)) return JavaClientKind.INSTANCE;
        if (!client.equals(RdkafkaClientKind.NAME)) throw bad("unknown --client '" + client + "'; known: java, librdkafka");
        if (!RdkafkaClientKind.WORKLOADS.contains(config.load().name())) {
            throw bad("--client librdkafka runs the queue and txn workloads only, not " + config.load().name());
        }
        if (!"1".equals(config.load().options().getOrDefault(QueueWorkload.TOPICS.key(), "1").strip())) throw bad("--client librdkafka writes one topic: no --workload-option topics");
        return RdkafkaClientKind.probe(RdkafkaClientKind.python(), config.load().name(), config.clients().producerConfig(),
                config.clients().consumerConfig());
    }

    /**
     * The SSH hosts; the node count is theirs (the brokers: every host but the last {@code --controllers}, which run
     * dedicated controllers), and an existing cluster's configuration and roles are not changed.
     */
    private HostsFile.Plan sshHosts() {
        HostsFile.Plan plan = ssh.plan();
        int brokers = plan.hosts().size() - Math.max(controllers, 0);
        if (plan.mode() == HostsFile.Mode.EXISTING && controllers > 0) {
            throw bad("--controllers deploys dedicated controllers: an existing cluster keeps its own roles");
        }
        if (controllers > 0 && brokers < 1) {
            throw bad("--controllers " + controllers + " needs at least " + (controllers + 1) + " SSH hosts (one node per host), " + plan.hosts().size() + " given");
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--nodes") && nodes != brokers) {
            throw bad("--nodes " + nodes + " but " + plan.hosts().size() + " SSH hosts were given (one node per host"
                    + (controllers > 0 ? ", " + controllers + " of them controllers" : "") + ")");
        }
        nodes = brokers;
        if (plan.mode() == HostsFile.Mode.EXISTING && !brokerConfig.isEmpty()) {
            throw bad("an existing cluster's broker configuration is not changed: remove --broker-config " + brokerConfig.keySet());
        }
        return plan;
    }

    /**
     * The client login of {@code --client-properties} (empty without it): only for an existing cluster on SSH, without
     * {@code --security}, and refused in one line where some part of the run could not use it.
     */
    private Map<String, String> clientLogin(RunConfig config, HostsFile.Plan sshHosts, List<Nemesis> nemeses) {
        boolean existing = sshHosts != null && sshHosts.mode() == HostsFile.Mode.EXISTING;
        String unfit = HostsSecurity.refusal(existing, config.cluster().security(), ssh.clientProperties != null);
        if (unfit != null) throw bad(unfit);
        if (ssh.clientProperties == null) return Map.of();
        Map<String, String> login = ClientPropertiesFile.read(ssh.clientProperties);
        String refused = SecurityRefusal.ofClientLogin(login, config, nemeses);
        if (refused != null) throw bad(refused);
        return login;
    }

    private RunConfig config() {
        if (timeLimit <= 0) throw bad("--time-limit must be > 0 seconds");
        if (nodes < 1) throw bad("--nodes must be >= 1");
        QuorumSpec quorumSpec = quorumSpec();
        if (logDirs < 1) throw bad("--log-dirs must be >= 1");
        if (logDirs > 1 && backend != Backend.LOCAL) throw bad("--log-dirs " + logDirs + " (JBOD) runs on --backend local only");
        if (tiered && backend != Backend.LOCAL) {
            throw bad("--tiered runs on --backend local only: --backend " + backend.name().toLowerCase(java.util.Locale.ROOT)
                    + " has no tiered-storage plugin jar on its hosts and no bucket folder every host shares");
        }
        SecurityMode securityMode = securityMode();
        if (partitions < 1) throw bad("--partitions must be >= 1");
        if (!(rate > 0)) throw bad("--rate must be > 0");
        if (producers < 1) throw bad("--producers must be >= 1");
        if (consumers < 0) throw bad("--consumers must be >= 0");
        if (!(nemesisInterval > 0)) throw bad("--nemesis-interval must be > 0");
        if (!(faultDuration > 0)) throw bad("--fault-duration must be > 0");
        if (heapMb < 128) throw bad("--broker-heap-mb must be >= 128");
        try {
            WorkloadMix.of(workload).checkOptions(workloadOptions);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        int rf = replicationFactor == null ? Math.min(3, nodes) : replicationFactor;
        if (rf < 1 || rf > nodes) throw bad("--replication-factor must be between 1 and --nodes (" + nodes + ")");
        long s = seed != null ? seed : ThreadLocalRandom.current().nextLong(1L << 48);
        List<String> unknownTopicSettings = io.kchaos.harness.launch.TopicSettingNames.unknown(topicConfig);
        if (!unknownTopicSettings.isEmpty()) throw bad("--topic-config: not a topic setting of Kafka's: " + String.join(", ", unknownTopicSettings));
        String command = CommandLineText.of(spec);
        String runName = name != null ? name : scenarioName != null ? scenarioName : workload;
        return new RunConfig(runName, command, scenarioName, s, timeLimit, store,
                new ClusterConfig(nodes, kafkaHome, heapMb, !noNamespaces, brokerConfig, topic, partitions, (short) rf, quorumSpec, logDirs,
                        tiered, securityMode, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(topicConfig))),
                new WorkloadConfig(workload, workloadOptions, rate, producers, consumers),
                new FaultConfig(nemesis, partitionTargets, nemesisInterval, faultDuration, nemesisOptions),
                new ClientConfig(producerConfig, consumerConfig, proxy), historyFormat(), origins).withKeepData(keepData());
    }

    /**
     * {@code --controllers}, {@code --quorum} and {@code --initial-voters}, checked: at least one controller when given,
     * on the local backend; an even count is allowed with a warning (it survives no more voter failures than one
     * controller fewer); a quorum that starts smaller than its controllers only dynamic ({@link QuorumSpec#of}).
     */
    private QuorumSpec quorumSpec() {
        QuorumMode mode;
        try {
            mode = QuorumMode.parse(quorum == null ? QuorumMode.STATIC.wire() : quorum);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        boolean given = spec.commandLine().getParseResult().hasMatchedOption("--controllers");
        if (given && controllers < 1) throw bad("--controllers must be >= 1 (leave it out for combined mode)");
        if (controllers < 0) throw bad("--controllers must be >= 0");
        if (mode == QuorumMode.DYNAMIC && backend != Backend.LOCAL) throw bad("--quorum dynamic runs on --backend local only");
        if (controllers > 0 && controllers % 2 == 0) {
            System.out.println("warning: " + controllers + " controllers tolerate no more voter failures than " + (controllers - 1));
        }
        try {
            return QuorumSpec.of(controllers, mode, initialVoters);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private SecurityMode securityMode() {
        try {
            return SecurityMode.parse(security);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private KeepData keepData() {
        try {
            return KeepData.parse(keepData);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private HistoryFormat historyFormat() {
        try {
            return HistoryFormat.parse(historyFormat);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
