package io.kchaos.backend.local;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.backend.local.cds.ArchiveCache;
import io.kchaos.backend.local.cds.ClassDataSharing;
import io.kchaos.backend.local.cds.JvmLaunch;
import io.kchaos.backend.local.storage.SyncTracking;
import io.kchaos.cluster.BrokerLaunch;
import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.NodeHosts;
import io.kchaos.cluster.ToolLog;
import io.kchaos.cluster.watchdog.BrokerWatchdog;
import io.kchaos.cluster.watchdog.WatchdogClassPath;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The JVMs a local cluster launches, Kafka's storage format and the brokers: their command lines (the shared
 * {@link BrokerLaunch} recipe, plus the hosts' prefix, {@code setsid}, the watchdog and the sync-tracking agent) and
 * their class-data sharing, one archive per role and jar set ({@link ClassDataSharing}).
 */
final class LocalLaunches {
    /** Extra broker JVM flags (space-separated), after and so overriding the defaults. */
    static final String EXTRA_FLAGS_ENV = "KCHAOS_BROKER_JAVA_OPTS";
    private static final List<String> FORMAT_JVM_FLAGS = formatJvmFlags();
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private final ClusterSpec spec;
    private final NodeHosts hosts;
    /** Class-data sharing per role and jar set ({@code broker|format} + libs folder). */
    private final Map<String, ClassDataSharing> sharing = new ConcurrentHashMap<>();
    /** The archive flags each node's current broker process was started with. */
    private final Map<Integer, ClassDataSharing.Launch> brokerLaunches = new ConcurrentHashMap<>();
    /** The heap each node's current process was started with (its archive is that heap's). */
    private final Map<Integer, Integer> launchHeaps = new ConcurrentHashMap<>();
    private SyncTracking syncTracking;
    private Path watchdogDir;
    private Optional<Path> watchdogJar;

    LocalLaunches(ClusterSpec spec, NodeHosts hosts) {
        this.spec = spec;
        this.hosts = hosts;
    }

    private static List<String> formatJvmFlags() {
        List<String> flags = new ArrayList<>(BrokerLaunch.TOOL_JVM_FLAGS);
        flags.add("-Xshare:auto");
        return List.copyOf(flags);
    }

    /** Brokers launched from now on load the sync-tracking agent. */
    void trackSyncs(SyncTracking tracking) {
        this.syncTracking = tracking;
    }

    /** Checks (or makes) the format's and the brokers' archives, each a short JVM, while the caller sets up the hosts. */
    CompletableFuture<Void> prepareArchives() {
        return CompletableFuture.allOf(
                CompletableFuture.runAsync(() -> formatSharing().prepare()),
                CompletableFuture.runAsync(() -> brokerSharing(spec.distribution(), spec.heapMb()).prepare()),
                CompletableFuture.runAsync(() -> {
                    if (spec.quorum().dedicated()) brokerSharing(spec.distribution(), spec.controllerHeapMb()).prepare();
                }));
    }

    /** Formats every node's storage, the StorageTools running side by side. */
    void formatAll(Collection<LocalNode> nodes, String clusterId) {
        formatAll(nodes, clusterId, n -> List.of());
    }

    /** Formats every node's storage side by side, each with its own extra arguments (a dynamic quorum's). */
    void formatAll(Collection<LocalNode> nodes, String clusterId, java.util.function.Function<LocalNode, List<String>> extraArgs) {
        List<Format> formats = nodes.stream().map(n -> launchFormat(n, clusterId, extraArgs.apply(n))).toList();
        int i = 0;
        for (LocalNode n : nodes) awaitFormat(n, formats.get(i++));
    }

    /** Formats one node's storage, {@code extraArgs} after the usual ones; throws ClusterException when it fails. */
    void format(LocalNode n, String clusterId, List<String> extraArgs) {
        awaitFormat(n, launchFormat(n, clusterId, extraArgs));
    }

    /** A running StorageTool and the archive flags it was started with. */
    private record Format(Process process, ClassDataSharing.Launch launch) {
    }

    /** Starts Kafka's StorageTool on the node's server.properties, its output in the node's format.log. */
    private Format launchFormat(LocalNode n, String clusterId, List<String> extraArgs) {
        ClassDataSharing.Launch launch = formatSharing().next();
        List<String> cmd = new ArrayList<>(List.of(javaBin()));
        cmd.addAll(FORMAT_JVM_FLAGS);
        cmd.addAll(launch.flags());
        cmd.addAll(List.of("-cp", JvmLaunch.classPathOf(spec.distribution().jarPaths()), "kafka.tools.StorageTool"));
        cmd.addAll(spec.distribution().profile().formatArgs(clusterId, n.propertiesFile().toString(), spec.brokerSettings()));
        cmd.addAll(extraArgs);
        try {
            return new Format(new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(n.dir().resolve(RunFiles.FORMAT_LOG).toFile())).start(), launch);
        } catch (IOException e) {
            formatSharing().finished(launch, false);
            throw new UncheckedIOException("cannot run Kafka's StorageTool", e);
        }
    }

    /** Waits for a format to succeed; throws ClusterException naming its log when it does not. */
    private void awaitFormat(LocalNode n, Format f) {
        Process p = f.process();
        boolean ok = false;
        try {
            ok = p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0;
            if (!ok) {
                p.destroyForcibly();
                Path log = n.dir().resolve(RunFiles.FORMAT_LOG);
                throw new ClusterException("storage format of node " + n.id() + " failed"
                        + ToolLog.cause(log).map(c -> " (" + c + ")").orElse("") + "; see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while formatting storage");
        } finally {
            formatSharing().finished(f.launch(), ok);
        }
    }

    /** Starts node {@code n}'s Kafka JVM on jar set {@code d} with {@code heapMb} of heap, its output appended to the node's server.log. */
    Process startBroker(LocalNode n, KafkaDistribution d, int heapMb) throws IOException {
        ClassDataSharing cds = brokerSharing(d, heapMb);
        ClassDataSharing.Launch launch = cds.next();
        Process p;
        try {
            p = new ProcessBuilder(brokerCommand(n, d, heapMb, launch.flags())).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(n.logFile().toFile())).start();
        } catch (IOException e) {
            cds.finished(launch, false);
            throw e;
        }
        brokerLaunches.put(n.id(), launch);
        launchHeaps.put(n.id(), heapMb);
        return p;
    }

    /** The nodes whose current broker writes a class-data archive when it exits cleanly. */
    List<Integer> dumpingNodes() {
        return brokerLaunches.entrySet().stream().filter(e -> e.getValue().dumpFile() != null).map(Map.Entry::getKey).toList();
    }

    /** The nodes whose broker was launched and has not been seen to exit. */
    List<Integer> launchedNodes() {
        return List.copyOf(brokerLaunches.keySet());
    }

    /** Node {@code id}'s broker (of jar set {@code d}) exited: publishes the archive it dumped at a clean exit, or discards it. */
    void brokerExited(int id, KafkaDistribution d, boolean exitedByItself) {
        ClassDataSharing.Launch launch = brokerLaunches.remove(id);
        Integer heap = launchHeaps.remove(id);
        if (launch != null) brokerSharing(d, heap == null ? spec.heapMb() : heap).finished(launch, exitedByItself);
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
    private ClassDataSharing brokerSharing(KafkaDistribution d, int heapMb) {
        String key = heapMb == spec.heapMb() ? "broker " + d.libs() : "broker " + heapMb + "m " + d.libs();
        return sharing.computeIfAbsent(key, k -> {
            Optional<Path> jar = watchdogJar();
            if (jar.isEmpty()) return ClassDataSharing.off();
            List<Path> classPath = new ArrayList<>(d.jarPaths());
            classPath.add(jar.get());
            return ClassDataSharing.standard(new JvmLaunch("broker", Path.of(javaBin()), brokerJvmFlags(heapMb), classPath), syncTracking == null);
        });
    }

    /** The broker JVM's memory, JIT and GC options ({@code -X...}): what a class-data archive must match. */
    private static List<String> brokerJvmFlags(int heapMb) {
        List<String> flags = new ArrayList<>(BrokerLaunch.brokerJvmFlags(heapMb));
        flags.addAll(extraBrokerJvmFlags());
        return flags;
    }

    /** The command that runs node {@code n} on jar set {@code d} with the given class-data archive flags. */
    private List<String> brokerCommand(LocalNode n, KafkaDistribution d, int heapMb, List<String> archiveFlags) {
        List<String> cmd = new ArrayList<>(hosts.commandPrefix(n.id()));
        if (Files.isExecutable(SETSID)) cmd.add(SETSID.toString()); // a session of its own: a terminal's Ctrl-C reaches only the harness
        cmd.add(javaBin());
        cmd.addAll(brokerJvmFlags(heapMb));
        cmd.addAll(archiveFlags);
        cmd.addAll(BrokerLaunch.BROKER_PROPERTIES);
        cmd.add(BrokerLaunch.nodeProperty(n.id()));
        cmd.add(OrphanReaper.HARNESS_PID_FLAG + ProcessHandle.current().pid());
        if (syncTracking != null) cmd.addAll(syncTracking.jvmArgs(n.dir()));
        cmd.add("-cp"); // the watchdog last: a class-data archive covers the jars, which must come first
        cmd.add(JvmLaunch.classPathOf(d.jarPaths()) + File.pathSeparator + watchdogClasses());
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

    /** Removes the temporary watchdog folder, if one was made. */
    void deleteWatchdogClasses() {
        Path dir;
        synchronized (this) {
            dir = watchdogDir;
        }
        if (dir == null) return;
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException | UncheckedIOException ignored) {
            // a small temporary folder
        }
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
