package io.kchaos.backend.local;

import io.kchaos.cluster.BrokerLaunch;
import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.NodeHosts;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.VersionedNodes;

import io.kchaos.backend.local.cds.ArchiveCache;
import io.kchaos.backend.local.cds.ClassDataSharing;
import io.kchaos.backend.local.cds.JvmLaunch;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.cluster.os.Signals;
import io.kchaos.backend.local.storage.DataDisks;
import io.kchaos.backend.local.storage.LocalStorage;
import io.kchaos.backend.local.storage.SyncTracking;
import io.kchaos.cluster.watchdog.BrokerWatchdog;
import io.kchaos.cluster.watchdog.WatchdogClassPath;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.cluster.StorageControl;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
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
import java.util.concurrent.TimeUnit;
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
    private static final List<String> FORMAT_JVM_FLAGS = java.util.stream.Stream.concat(BrokerLaunch.FORMAT_JVM_FLAGS.stream(), java.util.stream.Stream.of("-Xshare:auto")).toList();
    static final String EXTRA_FLAGS_ENV = "KCHAOS_BROKER_JAVA_OPTS";
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private final ClusterSpec spec;
    private final Path nodesDir;
    private final NodeHosts hosts;
    private final Signals signals;
    private final DataDisks disks;
    private final Map<Integer, LocalNode> nodes = new LinkedHashMap<>();
    private final Map<Integer, Process> processes = new ConcurrentHashMap<>();
    private final Map<Integer, Boolean> paused = new ConcurrentHashMap<>();
    /** Class-data sharing per role and jar set ({@code broker|format} + libs folder). */
    private final Map<String, ClassDataSharing> sharing = new ConcurrentHashMap<>();
    /** The archive flags each node's current broker process was started with. */
    private final Map<Integer, ClassDataSharing.Launch> brokerLaunches = new ConcurrentHashMap<>();
    /** The jar set each node runs; a node restarted after {@link #switchDistribution} runs its new one. */
    private final Map<Integer, KafkaDistribution> distributions = new ConcurrentHashMap<>();
    private final Thread shutdownHook = new Thread(this::killAllQuietly, "kchaos-cluster-cleanup");
    private String clusterId;
    private long startWallMillis;
    private volatile boolean closed;
    private SyncTracking syncTracking;
    private Path watchdogDir;
    private Optional<Path> watchdogJar;

    public LocalCluster(ClusterSpec spec, Path nodesDir, NodeHosts hosts, CommandRunner runner) {
        this(spec, nodesDir, hosts, runner, DataDisks.plain(runner));
    }

    /** A cluster whose nodes keep their data as {@code disks} says (storage faults need it). */
    public LocalCluster(ClusterSpec spec, Path nodesDir, NodeHosts hosts, CommandRunner runner, DataDisks disks) {
        this.spec = spec;
        this.nodesDir = nodesDir;
        this.hosts = hosts;
        this.signals = new Signals(runner);
        this.disks = disks;
    }

    /** Loads the sync-tracking agent into every broker (call before {@link #start()}), which enables {@link #power()}. */
    public LocalCluster trackSyncs(SyncTracking tracking) {
        this.syncTracking = tracking;
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
        List<Integer> ids = new ArrayList<>();
        for (int i = 1; i <= spec.nodes(); i++) ids.add(i);
        CompletableFuture<Void> archives = CompletableFuture.allOf( // each check a short JVM, both while the hosts are set up
                CompletableFuture.runAsync(() -> formatSharing().prepare()),
                CompletableFuture.runAsync(() -> brokerSharing(spec.distribution()).prepare()));
        hosts.setup(ids);
        clusterId = Uuid.randomUuid().toString();
        for (int id : ids) {
            nodes.put(id, new LocalNode(id, hosts.address(id), freePort(), freePort(), nodesDir.resolve(Integer.toString(id))));
        }
        for (LocalNode n : nodes.values()) disks.prepare(n.id(), n.dataDir());
        for (LocalNode n : nodes.values()) writeConfig(n);
        Readiness readiness = new Readiness(this);
        CompletableFuture<Admin> client = CompletableFuture.supplyAsync(readiness::client); // its classes load while the formats run
        Admin admin = null;
        try {
            archives.join();
            formatAll();
            if (syncTracking != null) nodes.values().forEach(n -> syncTracking.baseline(n.dir(), n.dataDir()));
            for (int id : ids) start(id);
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
            Files.createDirectories(n.dataDir());
            Map<String, String> settings = new LinkedHashMap<>(base);
            if (disks.separateMetadataLog()) settings.put("metadata.log.dir", n.metadataDir().toAbsolutePath().toString());
            Files.writeString(n.propertiesFile(), ServerProperties.render(n, nodes, settings));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write config of node " + n.id(), e);
        }
    }

    private void formatAll() {
        List<Format> formats = new ArrayList<>();
        for (LocalNode n : nodes.values()) formats.add(launchFormat(n, List.of()));
        int i = 0;
        for (LocalNode n : nodes.values()) awaitFormat(n, formats.get(i++));
    }

    /** A running StorageTool and the archive flags it was started with. */
    private record Format(Process process, ClassDataSharing.Launch launch) {
    }

    /** Formats the stopped node's unformatted directories (an emptied data directory) with its cluster and node id. */
    private void formatUnformatted(int id) {
        LocalNode n = node(id);
        awaitFormat(n, launchFormat(n, List.of("--ignore-formatted")));
        if (syncTracking != null) syncTracking.baseline(n.dir(), n.dataDir()); // the new files are on disk: a power loss keeps them
    }

    private Format launchFormat(LocalNode n, List<String> extraArgs) {
        ClassDataSharing.Launch launch = formatSharing().next();
        List<String> cmd = new ArrayList<>(List.of(javaBin()));
        cmd.addAll(FORMAT_JVM_FLAGS);
        cmd.addAll(launch.flags());
        cmd.addAll(List.of("-cp", JvmLaunch.classPathOf(spec.distribution().jarPaths()), "kafka.tools.StorageTool"));
        cmd.addAll(spec.distribution().profile().formatArgs(clusterId, n.propertiesFile().toString(), spec.brokerSettings()));
        cmd.addAll(extraArgs);
        try {
            return new Format(new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(n.dir().resolve("format.log").toFile())).start(), launch);
        } catch (IOException e) {
            formatSharing().finished(launch, false);
            throw new UncheckedIOException("cannot run Kafka's StorageTool", e);
        }
    }

    private void awaitFormat(LocalNode n, Format f) {
        Process p = f.process();
        boolean ok = false;
        try {
            ok = p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0;
            if (!ok) {
                p.destroyForcibly();
                throw new ClusterException("storage format of node " + n.id() + " failed; see " + n.dir().resolve("format.log"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while formatting storage");
        } finally {
            formatSharing().finished(f.launch(), ok);
        }
    }

    /** The StorageTool launches of this cluster's jar set; they share one archive. */
    private ClassDataSharing formatSharing() {
        KafkaDistribution d = spec.distribution();
        return sharing.computeIfAbsent("format " + d.libs(), k -> ClassDataSharing.standard(
                new JvmLaunch("format", Path.of(javaBin()), FORMAT_JVM_FLAGS, d.jarPaths()), true));
    }

    /**
     * The broker launches of a jar set. An archive is made (at a broker's clean stop) only without the sync-tracking
     * agent, so it holds the broker's classes alone.
     */
    private ClassDataSharing brokerSharing(KafkaDistribution d) {
        return sharing.computeIfAbsent("broker " + d.libs(), k -> {
            Optional<Path> watchdogJar = watchdogJar();
            if (watchdogJar.isEmpty()) return ClassDataSharing.off();
            List<Path> classPath = new ArrayList<>(d.jarPaths());
            classPath.add(watchdogJar.get());
            return ClassDataSharing.standard(new JvmLaunch("broker", Path.of(javaBin()), brokerJvmFlags(), classPath), syncTracking == null);
        });
    }

    /** The broker JVM's memory, JIT and GC options ({@code -X...}): what a class-data archive must match. */
    private List<String> brokerJvmFlags() {
        List<String> flags = new ArrayList<>(BrokerLaunch.brokerJvmFlags(spec.heapMb()));
        flags.addAll(extraBrokerJvmFlags());
        return flags;
    }

    private List<String> brokerCommand(LocalNode n, List<String> archiveFlags) {
        List<String> cmd = new ArrayList<>(hosts.commandPrefix(n.id()));
        if (Files.isExecutable(SETSID)) cmd.add(SETSID.toString()); // a session of its own: a terminal's Ctrl-C reaches only the harness
        cmd.add(javaBin());
        cmd.addAll(brokerJvmFlags());
        cmd.addAll(archiveFlags);
        cmd.add("-Djava.awt.headless=true");
        cmd.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        cmd.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS");
        cmd.add("-Dkchaos.node=" + n.id());
        cmd.add(OrphanReaper.HARNESS_PID_FLAG + ProcessHandle.current().pid());
        if (syncTracking != null) cmd.addAll(syncTracking.jvmArgs(n.dir()));
        cmd.add("-cp"); // the watchdog last: a class-data archive covers the jars, which must come first
        cmd.add(JvmLaunch.classPathOf(distribution(n.id()).jarPaths()) + java.io.File.pathSeparator + watchdogClasses());
        cmd.add(BrokerWatchdog.class.getName());
        cmd.add("kafka.Kafka");
        cmd.add(n.propertiesFile().toString());
        return cmd;
    }

    /** Extra broker JVM flags from {@value #EXTRA_FLAGS_ENV} (space-separated), after and so overriding the defaults. */
    static List<String> extraBrokerJvmFlags() {
        String extra = System.getenv(EXTRA_FLAGS_ENV);
        return extra == null || extra.isBlank() ? List.of() : List.of(extra.trim().split("\\s+"));
    }

    /**
     * The watchdog's class-path entry: a jar in the class-data cache folder when archives are on (a JVM dumping an
     * archive refuses a non-empty folder on its class path, and the jar keeps the class path the same across runs),
     * else a temporary folder created on first use.
     */
    private synchronized Path watchdogClasses() {
        Optional<Path> jar = watchdogJar();
        if (jar.isPresent()) return jar.get();
        if (watchdogDir == null) {
            try {
                watchdogDir = WatchdogClassPath.install(Files.createTempDirectory("kchaos-watchdog-"));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the broker watchdog folder", e);
            }
        }
        return watchdogDir;
    }

    /** The watchdog jar in the class-data cache folder; empty when archives are off or it cannot be written. */
    private synchronized Optional<Path> watchdogJar() {
        if (watchdogJar == null) {
            try {
                watchdogJar = ArchiveCache.standard().map(c -> WatchdogClassPath.jarIn(c.dir()));
            } catch (UncheckedIOException e) {
                watchdogJar = Optional.empty();
            }
        }
        return watchdogJar;
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
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

    @Override
    public List<Integer> nodeIds() {
        return List.copyOf(nodes.keySet());
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
        return nodes.values().stream().map(LocalNode::bootstrap).collect(Collectors.joining(","));
    }

    @Override
    public synchronized void start(int id) {
        if (closed) return;
        if (isRunning(id)) return;
        LocalNode n = node(id);
        finishLaunch(id, false); // a broker that died by itself: its dump, if any, is not trusted
        ClassDataSharing cds = brokerSharing(distribution(id));
        ClassDataSharing.Launch launch = cds.next();
        try {
            ProcessBuilder pb = new ProcessBuilder(brokerCommand(n, launch.flags())).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(n.logFile().toFile()));
            Process p;
            try {
                p = pb.start();
            } catch (IOException e) {
                cds.finished(launch, false);
                throw e;
            }
            brokerLaunches.put(id, launch);
            processes.put(id, p);
            paused.remove(id);
            Files.writeString(n.pidFile(), p.pid() + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start node " + id, e);
        }
    }

    @Override
    public void kill(int id) {
        Process p = processes.get(id);
        if (p == null) return;
        p.destroyForcibly();
        waitExitUninterruptibly(p, Duration.ofSeconds(10));
        resumeIfPaused(id, p);
        finishLaunch(id, false);
    }

    @Override
    public void stop(int id) {
        Process p = processes.get(id);
        if (p == null || !p.isAlive()) return;
        resumeIfPaused(id, p);
        p.destroy();
        ClassDataSharing.Launch launch = brokerLaunches.get(id);
        boolean dumps = launch != null && launch.dumpFile() != null;
        boolean clean = waitExit(p, dumps ? STOP_GRACE.plus(DUMP_GRACE) : STOP_GRACE);
        if (!clean) {
            p.destroyForcibly();
            waitExit(p, Duration.ofSeconds(10));
        }
        finishLaunch(id, clean);
    }

    /**
     * Stops every node cleanly, in parallel, except that a broker dumping a class-data archive stops first and alone:
     * it writes the archive only at a clean exit, and the last broker of a combined KRaft quorum to stop waits for
     * controlled shutdown with no quorum left until it is killed.
     */
    @Override
    public void stopAll() {
        brokerLaunches.entrySet().stream().filter(e -> e.getValue().dumpFile() != null).map(Map.Entry::getKey).toList()
                .forEach(this::stop);
        KafkaCluster.super.stopAll();
    }

    /** Publishes the archive the node's last broker dumped at a clean exit, or discards it. */
    private void finishLaunch(int id, boolean exitedByItself) {
        ClassDataSharing.Launch launch = brokerLaunches.remove(id);
        if (launch != null) brokerSharing(distribution(id)).finished(launch, exitedByItself);
    }

    @Override
    public void pause(int id) {
        Process p = processes.get(id);
        if (p == null || !p.isAlive()) return;
        signals.stop(p.pid());
        paused.put(id, true);
    }

    @Override
    public void resume(int id) {
        Process p = processes.get(id);
        if (p == null) return;
        resumeIfPaused(id, p);
    }

    private void resumeIfPaused(int id, Process p) {
        if (paused.remove(id) != null) signals.cont(p.pid());
    }

    @Override
    public boolean isRunning(int id) {
        Process p = processes.get(id);
        return p != null && p.isAlive();
    }

    @Override
    public boolean isPaused(int id) {
        return paused.containsKey(id);
    }

    /** Pid of the node's current process, if running. */
    public Optional<Long> pid(int id) {
        Process p = processes.get(id);
        return p != null && p.isAlive() ? Optional.of(p.pid()) : Optional.empty();
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
        return Optional.of(new LocalStorage(id -> node(id).dataDir(), this::isRunning, this::formatUnformatted, disks));
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
        m.put("kafka-libs", spec.distribution().libs().toString());
        m.put("kafka-jars", spec.distribution().jars());
        m.put("kafka-features", spec.distribution().profile().effectiveFeatures(spec.brokerSettings()));
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

    @Override
    public Map<Integer, Path> logDirs() {
        Map<Integer, Path> m = new LinkedHashMap<>();
        nodes.forEach((id, n) -> m.put(id, n.dataDir()));
        return m;
    }

    private static boolean waitExit(Process p, Duration d) {
        try {
            return p.waitFor(d.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits for the process to exit even when this thread is interrupted (the nemesis thread is, at the end of a run):
     * a kill must not return while the node still runs, or its restart would be skipped. Keeps the interrupt.
     */
    private static boolean waitExitUninterruptibly(Process p, Duration d) {
        boolean interrupted = Thread.interrupted();
        long deadline = System.nanoTime() + d.toNanos();
        try {
            while (true) {
                try {
                    return p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    private void killAllQuietly() {
        for (Map.Entry<Integer, Process> e : processes.entrySet()) {
            try {
                e.getValue().destroyForcibly();
                resumeIfPaused(e.getKey(), e.getValue());
            } catch (RuntimeException ignored) {
                // best effort during shutdown
            }
        }
        for (Process p : processes.values()) waitExit(p, Duration.ofSeconds(10));
        for (int id : List.copyOf(brokerLaunches.keySet())) {
            try {
                finishLaunch(id, false);
            } catch (RuntimeException ignored) {
                // best effort during shutdown
            }
        }
        deleteWatchdogClasses();
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
    }

    private void deleteWatchdogClasses() {
        Path dir;
        synchronized (this) {
            dir = watchdogDir;
        }
        if (dir == null) return;
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException | UncheckedIOException ignored) {
            // a small temporary folder
        }
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
