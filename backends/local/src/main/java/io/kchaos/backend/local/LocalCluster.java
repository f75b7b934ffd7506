package io.kchaos.backend.local;

import io.kchaos.cluster.secret.RedactedServerProperties;
import io.kchaos.cluster.security.CertificateSetupException;
import io.kchaos.cluster.security.ClusterSecurity;
import io.kchaos.cluster.security.ProxyTls;
import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.NodeListeners;
import io.kchaos.history.folder.RunFields;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.TieredStorage;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.NodeHosts;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.QuorumVoters;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.VersionedNodes;
import io.kchaos.backend.local.cds.ClassDataSharing;
import io.kchaos.cluster.stop.LastVoterRelease;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.cluster.os.FreePorts;
import io.kchaos.cluster.os.PortProbe;
import io.kchaos.cluster.os.ProcFs;
import io.kchaos.cluster.os.Signals;
import io.kchaos.backend.local.storage.DataDisks;
import io.kchaos.backend.local.storage.LocalStorage;
import io.kchaos.backend.local.storage.SyncTracking;
import io.kchaos.cluster.watchdog.BrokerWatchdog;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.cluster.StorageControl;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The embedded default backend: each Kafka node a JVM of its own, started from a broker jar set with
 * {@code kafka.Kafka server.properties} after Kafka's own StorageTool format, with its data and log under
 * {@code nodes/<id>/}. Kill is SIGKILL, stop is SIGTERM with a bounded wait then SIGKILL, pause is SIGSTOP.
 * No broker outlives the harness: a shutdown hook kills them; each broker runs under {@link BrokerWatchdog}, which
 * halts it within a second when the harness dies without stopping it (SIGKILL); {@link OrphanReaper} reaps whatever
 * survived at the next run. Brokers run in a session of their own ({@code setsid}), so Ctrl-C reaches only the harness.
 * Brokers and formats start with a class-data-sharing archive of the jar set when one is cached ({@link ClassDataSharing}).
 */
public final class LocalCluster implements KafkaCluster, VersionedNodes {
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);
    /** Extra time to stop a broker that writes its class-data archive at exit. */
    private static final Duration DUMP_GRACE = Duration.ofSeconds(40);
    private final ClusterSpec spec;
    private final Path nodesDir;
    private final NodeHosts hosts;
    private final NodeProcesses processes;
    private final DataDisks disks;
    private final Map<Integer, LocalNode> nodes = new LinkedHashMap<>();
    private final List<Integer> brokerIds = new ArrayList<>();
    private final List<Integer> controllerIds = new ArrayList<>();
    private QuorumVoters voters;
    /** The certificates and SASL user of a secured cluster (set in {@link #start()}, deleted at {@link #close()}). */
    private volatile ClusterSecurity security = ClusterSecurity.PLAINTEXT;
    private final LocalLaunches launches;
    /** The jar set each node runs; a node restarted after {@link #switchDistribution} runs its new one. */
    private final Map<Integer, KafkaDistribution> distributions = new ConcurrentHashMap<>();
    private final Thread shutdownHook = new Thread(this::killAllQuietly, "kchaos-cluster-cleanup");
    private String clusterId;
    private long startWallMillis;
    private volatile boolean closed;
    private SyncTracking syncTracking;
    /** Set while {@link #stopAll()} runs. */
    private volatile LastVoterRelease release;

    public LocalCluster(ClusterSpec spec, Path nodesDir, NodeHosts hosts, CommandRunner runner) {
        this(spec, nodesDir, hosts, runner, DataDisks.plain(runner));
    }

    /** A cluster whose nodes keep their data as {@code disks} says (storage faults need it). */
    public LocalCluster(ClusterSpec spec, Path nodesDir, NodeHosts hosts, CommandRunner runner, DataDisks disks) {
        this.spec = spec;
        this.nodesDir = nodesDir;
        this.hosts = hosts;
        this.processes = new NodeProcesses(new Signals(runner), ProcFs.LOCAL);
        this.disks = disks;
        this.launches = new LocalLaunches(spec, hosts);
    }

    /** Loads the sync-tracking agent into every broker (call before {@link #start()}), which enables {@link #power()}. */
    public LocalCluster trackSyncs(SyncTracking tracking) {
        this.syncTracking = tracking;
        launches.trackSyncs(tracking);
        return this;
    }

    public ClusterSpec spec() {
        return spec;
    }

    @Override
    public double start() {
        long t0 = System.nanoTime();
        startWallMillis = System.currentTimeMillis();
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        for (int i = 1; i <= spec.nodes(); i++) brokerIds.add(i);
        for (int i = 1; i <= spec.quorum().controllers(); i++) controllerIds.add(QuorumSpec.controllerId(spec.nodes(), i));
        List<Integer> ids = new ArrayList<>(brokerIds);
        ids.addAll(controllerIds);
        CompletableFuture<Void> archives = launches.prepareArchives();
        hosts.setup(ids);
        clusterId = Uuid.randomUuid().toString();
        for (int id : ids) {
            nodes.put(id, new LocalNode(id, hosts.address(id), FreePorts.next(), FreePorts.next(), nodesDir.resolve(Integer.toString(id))));
        }
        voters = QuorumVoters.of(voterIds().stream().map(id -> nodes.get(id).listeners()).toList(), spec.quorum());
        Map<Integer, String> addresses = new LinkedHashMap<>();
        nodes.forEach((id, n) -> addresses.put(id, n.host()));
        try {
            security = ClusterSecurity.create(spec.security(), addresses);
        } catch (CertificateSetupException e) {
            throw new ClusterException(e.getMessage());
        }
        for (LocalNode n : nodes.values()) disks.prepare(n.id(), n.dataDir());
        for (LocalNode n : nodes.values()) writeConfig(n);
        Readiness readiness = new Readiness(this);
        CompletableFuture<Admin> client = CompletableFuture.supplyAsync(readiness::client); // its classes load while the formats run
        Admin admin = null;
        try {
            archives.join();
            launches.formatAll(nodes.values(), clusterId, n -> formatArgs(voters.formatArgs(n.id(), role(n.id()))));
            if (syncTracking != null) nodes.values().forEach(n -> syncTracking.baseline(n.dir(), n.dataDir()));
            for (int id : controllerIds) start(id); // the quorum first: the brokers register with it
            for (int id : brokerIds) start(id);
            admin = client.join();
            readiness.awaitReady(admin, spec.startTimeout());
        } finally {
            if (admin != null) admin.close();
            else client.thenAccept(Admin::close);
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    /** The phases of the first start-up, read from the nodes' files ({@link StartupPhases}). */
    @Override
    public Map<String, Double> startupPhases() {
        return startWallMillis == 0 ? Map.of() : StartupPhases.fromFiles(this, startWallMillis);
    }

    private void writeConfig(LocalNode n) {
        writeConfig(n, spec.distribution().profile().serverSettings(spec.brokerSettings()));
    }

    private void writeConfig(LocalNode n, Map<String, String> base) {
        try {
            for (Path d : dataDirs(n)) Files.createDirectories(d);
            Map<String, String> settings = new LinkedHashMap<>(base);
            if (disks.separateMetadataLog()) settings.put("metadata.log.dir", n.metadataDir().toAbsolutePath().toString());
            Files.writeString(n.propertiesFile(), ServerProperties.render(n.listeners(logDirCount(n.id()), spec.security().protocol()),
                    role(n.id()), voters, settings, security.listeners(n.id())));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write config of node " + n.id(), e);
        }
    }

    /** {@code args} with what the cluster's security adds to every format (a SCRAM user's credential). */
    private List<String> formatArgs(List<String> args) {
        List<String> all = new ArrayList<>(args);
        all.addAll(security.formatArgs());
        return all;
    }

    @Override
    public Map<String, String> clientSecurity() {
        return security.clientSettings();
    }

    @Override
    public Optional<ProxyTls> proxyTls() {
        return security.proxyTls();
    }

    /** Formats the stopped node's unformatted directories (an emptied data directory) with its cluster and node id. */
    private void formatUnformatted(int id) {
        LocalNode n = node(id);
        List<String> args = new ArrayList<>(List.of("--ignore-formatted"));
        args.addAll(voters.formatArgs(id, role(id)));
        launches.format(n, clusterId, formatArgs(args));
        if (syncTracking != null) syncTracking.baseline(n.dir(), n.dataDir()); // the new files are on disk: a power loss keeps them
    }

    /**
     * Formats the stopped controller's unformatted directories naming no voters ({@code --no-initial-controllers}): it
     * starts as an observer of the dynamic quorum, to be added as a voter with its new directory id.
     */
    private void formatObserver(int id) {
        LocalNode n = node(id);
        launches.format(n, clusterId, formatArgs(List.of("--ignore-formatted", "--no-initial-controllers")));
        if (syncTracking != null) syncTracking.baseline(n.dir(), n.dataDir());
    }

    @Override
    public KafkaDistribution distribution(int id) {
        return distributions.getOrDefault(id, spec.distribution());
    }

    /** The node runs {@code d} from its next start on, its server.properties rewritten for that release. */
    @Override
    public synchronized void switchDistribution(int id, KafkaDistribution d, Map<String, String> settings) {
        distributions.put(id, d);
        writeConfig(node(id), d.profile().serverSettings(settings));
    }

    @Override
    public Path logFile(int id) {
        return node(id).logFile();
    }

    /** The nodes that run a broker (all of them in combined mode). */
    @Override
    public List<Integer> nodeIds() {
        return List.copyOf(brokerIds);
    }

    @Override
    public List<Integer> controllerIds() {
        return List.copyOf(controllerIds);
    }

    /** Every node, brokers then dedicated controllers. */
    public List<Integer> allNodeIds() {
        return List.copyOf(nodes.keySet());
    }

    @Override
    public List<String> controllerAddresses() {
        return voters == null ? List.of() : voters.controllers().stream().map(NodeListeners::controllerAddress).toList();
    }

    /** The first {@code --initial-voters} controllers (every voter unless the quorum starts smaller). */
    @Override
    public List<Integer> initialVoterIds() {
        return voters == null ? voterIds() : voters.voters().stream().map(NodeListeners::id).toList();
    }

    /** A dedicated controller's {@code CONTROLLER} listener as its server.properties binds it. */
    @Override
    public List<String> controllerEndpoints(int id) {
        if (!controllerIds.contains(id)) return List.of();
        return List.of(ServerProperties.CONTROLLER + "://" + node(id).listeners().controllerAddress());
    }

    /** The quorum's voters as the nodes' files name them (set once {@link #start()} began). */
    public QuorumVoters voters() {
        return voters;
    }

    public LocalNode node(int id) {
        LocalNode n = nodes.get(id);
        if (n == null) throw new IllegalArgumentException("no node " + id);
        return n;
    }

    @Override
    public String clusterId() {
        return clusterId;
    }

    @Override
    public String bootstrapServers() {
        return brokerIds.stream().map(id -> nodes.get(id).bootstrap()).collect(Collectors.joining(","));
    }

    @Override
    public synchronized void start(int id) {
        if (closed) return;
        if (isRunning(id)) return;
        LocalNode n = node(id);
        finishLaunch(id, false); // a broker that died by itself: its dump, if any, is not trusted
        try {
            Process p = launches.startBroker(n, distribution(id), role(id).broker() ? spec.heapMb() : spec.controllerHeapMb());
            processes.started(id, p);
            Files.writeString(n.pidFile(), p.pid() + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start node " + id, e);
        }
    }

    @Override
    public void kill(int id) {
        if (processes.kill(id)) {
            finishLaunch(id, false);
            awaitPortsClosed(id);
        }
    }

    @Override
    public void stop(int id) {
        boolean dumps = launches.dumpingNodes().contains(id);
        processes.stop(id, dumps ? STOP_GRACE.plus(DUMP_GRACE) : STOP_GRACE).ifPresent(clean -> {
            LastVoterRelease r = release;
            finishLaunch(id, clean && (r == null || !r.released(id)));
            awaitPortsClosed(id);
        });
    }

    /** A killed or stopped node holds once its exited process's ports no longer accept connections. */
    private void awaitPortsClosed(int id) {
        LocalNode n = nodes.get(id);
        List<Integer> ports = List.of(n.clientPort(), n.controllerPort());
        PortProbe.awaitClosed("node " + id, n.host(), ports);
    }

    /**
     * Stops every node cleanly, in parallel, except that a node dumping a class-data archive stops alone: a broker first
     * (the last broker of a combined KRaft quorum to stop waits for controlled shutdown with no quorum left until it is
     * killed), a dedicated controller last ({@link StopOrder}). Dedicated controllers stop after every broker, so the
     * brokers' controlled shutdown has its quorum. The last voters' wait for a successor is cut short ({@link LastVoterRelease}).
     */
    @Override
    public void stopAll() {
        StopOrder order = StopOrder.of(nodeIds(), controllerIds, launches.dumpingNodes());
        order.dumpingBrokers().forEach(this::stop);
        Map<Integer, Path> logs = new LinkedHashMap<>();
        nodes.values().forEach(n -> logs.put(n.id(), n.logFile()));
        try (LastVoterRelease r = LastVoterRelease.ofFiles(logs, processes::isRunning, processes::kill).start()) {
            release = r;
            stopInParallel(order.brokers());
            stopInParallel(order.controllers());
        } finally {
            release = null;
        }
        order.dumpingControllers().forEach(this::stop);
    }

    /** Publishes the archive the node's last broker dumped at a clean exit, or discards it. */
    private void finishLaunch(int id, boolean exitedByItself) {
        launches.brokerExited(id, distribution(id), exitedByItself);
    }

    @Override
    public void pause(int id) {
        processes.pause(id);
    }

    @Override
    public void resume(int id) {
        processes.resume(id);
    }

    @Override
    public boolean isRunning(int id) {
        return processes.isRunning(id);
    }

    @Override
    public boolean isPaused(int id) {
        return processes.isPaused(id);
    }

    /** Pid of the node's current process, if running. */
    public Optional<Long> pid(int id) {
        return processes.pid(id);
    }

    @Override
    public Optional<NetworkControl> network() {
        return hosts.network();
    }

    @Override
    public Optional<PowerControl> power() {
        return syncTracking == null ? Optional.empty() : Optional.of(new LocalPower(this, syncTracking));
    }

    public NodeHosts hosts() {
        return hosts;
    }

    @Override
    public Optional<StorageControl> storage() {
        return Optional.of(new LocalStorage(id -> node(id).dataDir(), this::isRunning, this::formatUnformatted, disks,
                new LocalStorage.MetadataDisks(id -> metadataLogDirs().get(id), this::formatObserver)));
    }

    @Override
    public Optional<Path> bucket() {
        return TieredStorage.bucketOf(spec.brokerSettings());
    }

    @Override
    public String describe() {
        return "local (" + hosts.describe() + ")";
    }

    @Override
    public String kafkaVersion() {
        return spec.distribution().version();
    }

    @Override
    public Map<String, Object> software() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(RunFields.KAFKA_LIBS, spec.distribution().libs().toString());
        m.put(RunFields.KAFKA_JARS, spec.distribution().jars());
        m.put(RunFields.KAFKA_FEATURES, spec.distribution().profile().effectiveFeatures(spec.brokerSettings()));
        return m;
    }

    @Override
    public Map<String, String> brokerSettings() {
        return spec.brokerSettings();
    }

    @Override
    public Map<Integer, String> nodeAddresses() {
        Map<Integer, String> m = new LinkedHashMap<>();
        nodes.forEach((id, n) -> m.put(id, n.bootstrap()));
        return m;
    }

    /** The brokers' data directories, each broker's all of them (the replica audit's input). */
    @Override
    public Map<Integer, List<Path>> logDirs() {
        Map<Integer, List<Path>> m = new LinkedHashMap<>();
        brokerIds.forEach(id -> m.put(id, dataDirs(nodes.get(id))));
        return m;
    }

    /**
     * Every node → the directory holding its copy of {@code __cluster_metadata} (voters and observers alike): its own
     * {@code metadata.log.dir} when storage faults keep it apart, else the first of its log dirs (Kafka's choice).
     */
    @Override
    public Map<Integer, Path> metadataLogDirs() {
        Map<Integer, Path> m = new LinkedHashMap<>();
        nodes.forEach((id, n) -> m.put(id, disks.separateMetadataLog() ? n.metadataDir() : dataDirs(n).get(0)));
        return m;
    }

    /** The node's log dirs: {@code spec.logDirs()} for a broker, one for a dedicated controller (it holds the metadata log only). */
    private List<Path> dataDirs(LocalNode n) {
        return n.dataDirs(logDirCount(n.id()));
    }

    private int logDirCount(int id) {
        return controllerIds.contains(id) ? 1 : spec.logDirs();
    }

    private void killAllQuietly() {
        processes.killAllQuietly();
        for (int id : launches.launchedNodes()) {
            try {
                finishLaunch(id, false);
            } catch (RuntimeException ignored) {
                // best effort during shutdown
            }
        }
        launches.deleteWatchdogClasses();
        try {
            disks.release();
        } catch (RuntimeException ignored) {
            // best effort during shutdown
        }
        try {
            hosts.close();
        } catch (RuntimeException ignored) {
            // best effort during shutdown
        }
        RedactedServerProperties.redactAll(nodesDir); // every broker is gone: none reads its server.properties again
        security.close(); // nor its stores
    }

    /** Kills whatever still runs and removes the hosts' network setup. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        killAllQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
    }
}
