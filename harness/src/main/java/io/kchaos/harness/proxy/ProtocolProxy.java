package io.kchaos.harness.proxy;

import io.kchaos.history.folder.RunFiles;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.security.ProxyTls;
import io.kchaos.cluster.security.RunCertificates;
import io.kchaos.cluster.os.FreePorts;
import io.kchaos.cluster.watchdog.BrokerWatchdog;
import io.kchaos.cluster.watchdog.WatchdogClassPath;
import io.kchaos.nemesis.cluster.ProtocolControl;
import io.kchaos.nemesis.cluster.ProtocolRule;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The kchaos proxy's JVM (module {@code proxy}: Kroxylicious and the fault filter, its own jar folder), started next to
 * the harness under the brokers' watchdog so it dies with the harness, and driven over its control port. Clients reach
 * node i at {@code 127.0.0.1:(port + 1 + i)}; every action it takes lands in {@code proxy-actions.jsonl} in the run
 * folder and goes to the {@link #onAction} listener. A rule change returns once the proxy lists its rules so
 * ({@link ConfirmedRules}). Its control port takes commands only after a token fresh for each start ({@link
 * ControlSecret}), which the proxy gets in its environment.
 */
public final class ProtocolProxy implements ProtocolControl, AutoCloseable {
    /** What the proxy's metadata advertises and the clients dial. */
    static final String HOST = RunCertificates.LOOPBACK;
    private static final long START_SECONDS = 60;

    private final Process process;
    private final int port;
    private final List<Integer> nodes;
    private final ProxyControlClient control;
    private final ConfirmedRules rules;

    private ProtocolProxy(Process process, int port, List<Integer> nodes, ProxyControlClient control) {
        this.process = process;
        this.port = port;
        this.nodes = nodes;
        this.control = control;
        this.rules = new ConfirmedRules(control);
    }

    /**
     * Starts a proxy in front of {@code upstream} (node id → host:port the harness reaches), its files in {@code dir}.
     * Its ports are found free before it binds them, so another process may take one in between: a proxy that exits
     * at start-up because a port was taken ({@link #BIND_FAILED} in its log) is started again on other ports, up to
     * {@value #START_ATTEMPTS} times; any other early exit fails at once, with the end of its log.
     */
    public static ProtocolProxy start(Path libs, Map<Integer, String> upstream, Path dir) {
        return start(libs, upstream, dir, Optional.empty());
    }

    /** As {@link #start(Path, Map, Path)}, with TLS on both sides of the proxy when {@code tls} is given (a TLS cluster). */
    public static ProtocolProxy start(Path libs, Map<Integer, String> upstream, Path dir, Optional<ProxyTls> tls) {
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(libs, upstream, dir, tls);
            } catch (PortTaken e) {
                if (attempt >= START_ATTEMPTS) throw new ClusterException(e.getMessage());
            }
        }
    }

    /** What a JVM's log says when a port it binds is taken. */
    static final String BIND_FAILED = "Address already in use";
    private static final int START_ATTEMPTS = 3;

    /** The proxy exited at start-up because one of its ports was taken. */
    private static final class PortTaken extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PortTaken(String message) {
            super(message);
        }
    }

    /** The argument and the environment variable that hand the proxy its TLS stores (the proxy module's TlsStores reads them). */
    static final String TLS_ARG = "tls=";
    static final String TLS_PASSWORD_ENV = "KCHAOS_PROXY_STORE_PASSWORD";

    /** The proxy's argument naming its TLS stores (no secret: the password goes in {@link #TLS_PASSWORD_ENV}). */
    static String tlsArgument(ProxyTls tls) {
        return TLS_ARG + tls.keystore().toAbsolutePath() + "," + tls.truststore().toAbsolutePath() + "," + tls.presentToNodes();
    }

    /** The variable that hands the proxy its control token (the proxy module's ControlToken reads it). */
    static final String CONTROL_TOKEN_ENV = "KCHAOS_PROXY_CONTROL_TOKEN";
    /** What the proxy prints once its control port and client ports are bound (its ProxyMain.READY). */
    static final String READY = "kchaos-proxy ready";

    /** The proxy JVM's secrets, all of them in its environment: the control token, and the TLS stores' password when given. */
    static Map<String, String> environment(ControlSecret secret, Optional<ProxyTls> tls) {
        Map<String, String> env = new TreeMap<>();
        env.put(CONTROL_TOKEN_ENV, secret.value());
        tls.ifPresent(t -> env.put(TLS_PASSWORD_ENV, t.password()));
        return env;
    }

    private static ProtocolProxy startOnce(Path libs, Map<Integer, String> upstream, Path dir, Optional<ProxyTls> tls) {
        Map<Integer, String> nodes = new TreeMap<>(upstream);
        int port = freeRange(nodes.size() + 1);
        int controlPort = FreePorts.next();
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-Xms64m", "-Xmx256m", "-XX:+UseSerialGC"));
        cmd.add("-D" + BrokerWatchdog.HARNESS_PID_PROPERTY + "=" + ProcessHandle.current().pid());
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        cmd.add("-cp");
        cmd.add(WatchdogClassPath.jarIn(dir.resolve(RunFiles.PROXY_WATCHDOG)) + File.pathSeparator + libs.toAbsolutePath() + File.separator + "*");
        cmd.add(BrokerWatchdog.class.getName());
        cmd.add("io.kchaos.proxy.ProxyMain");
        cmd.addAll(List.of(HOST, String.valueOf(port), String.valueOf(controlPort), dir.resolve(RunFiles.PROXY_ACTIONS).toString()));
        tls.ifPresent(t -> cmd.add(tlsArgument(t)));
        nodes.forEach((id, addr) -> cmd.add(id + "=" + addr));
        Path log = dir.resolve(RunFiles.PROXY_LOG);
        ControlSecret secret = ControlSecret.fresh();
        Process p;
        try {
            Files.createDirectories(dir);
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().putAll(environment(secret, tls));
            p = pb.start();
        } catch (IOException e) {
            throw new ClusterException("cannot start the kchaos proxy: " + e.getMessage());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        String lastFailure = "it never said it was ready";
        while (true) {
            if (!p.isAlive()) {
                String tail = logTail(log);
                String message = "the kchaos proxy exited with " + p.exitValue() + " (ports " + port + "-" + (port + nodes.size())
                        + ", control " + controlPort + "): " + tail + "; see " + log;
                if (tail.contains(BIND_FAILED)) throw new PortTaken(message);
                throw new ClusterException(message);
            }
            try {
                // only once the proxy says it holds the control port: a process that took the port first never gets the token
                if (saysReady(log)) {
                    ProxyControlClient c = new ProxyControlClient(controlPort, secret);
                    try {
                        c.command("ping");
                        return new ProtocolProxy(p, port, List.copyOf(nodes.keySet()), c);
                    } catch (RuntimeException e) {
                        c.close();
                        throw e;
                    }
                }
            } catch (IOException | RuntimeException e) {
                lastFailure = String.valueOf(e.getMessage());
            }
            if (System.nanoTime() > deadline) {
                p.destroyForcibly();
                throw new ClusterException("the kchaos proxy did not become ready in " + START_SECONDS + " s (" + lastFailure + "); see " + log);
            }
            sleep(200);
        }
    }

    /** Whether the proxy's log has its ready line. */
    static boolean saysReady(Path log) {
        try {
            return new String(Files.readAllBytes(log), StandardCharsets.ISO_8859_1).contains(READY);
        } catch (IOException e) {
            return false;
        }
    }

    /** The log's last lines that say what went wrong (exceptions and their causes), or its last line. */
    static String logTail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            List<String> telling = lines.stream().filter(l -> l.contains("Exception") || l.contains("Error") || l.contains(BIND_FAILED)).toList();
            List<String> from = telling.isEmpty() ? lines : telling;
            return from.isEmpty() ? "(its log is empty)" : String.join(" | ", from.subList(Math.max(0, from.size() - 3), from.size())).strip();
        } catch (IOException e) {
            return "(its log cannot be read: " + e.getMessage() + ")";
        }
    }

    /** host:port,... of the proxy's bootstrap port, for clients. */
    public String bootstrapServers() {
        return HOST + ":" + port;
    }

    /** Node id → the proxy address clients reach it at. */
    public Map<Integer, String> nodeAddresses() {
        Map<Integer, String> m = new TreeMap<>();
        for (int i = 0; i < nodes.size(); i++) m.put(nodes.get(i), HOST + ":" + (port + 1 + i));
        return m;
    }

    /** The proxy's addresses, for run.json. */
    public String describe() {
        return nodeAddresses().values().stream().collect(Collectors.joining(",", "kchaos proxy (Kroxylicious) at " + bootstrapServers() + " → ", ""));
    }

    /** Returns once the proxy lists the rule as switched on. */
    @Override
    public void add(ProtocolRule rule) {
        rules.add(rule);
    }

    /** Returns once the proxy no longer lists the rule. */
    @Override
    public void remove(String id) {
        rules.remove(id);
    }

    /** Returns once the proxy lists no rule. */
    @Override
    public void clear() {
        rules.clear();
    }

    @Override
    public void onAction(Consumer<ObjectNode> listener) {
        control.onAction(listener);
    }

    /** Stops the proxy JVM (SIGTERM, then SIGKILL after 5 s). Idempotent. */
    @Override
    public void close() {
        try {
            control.close();
        } catch (IOException ignored) {
            // the process goes anyway
        }
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** A first port of {@code n} consecutive free loopback ports. */
    private static int freeRange(int n) {
        for (int attempt = 0; attempt < 50; attempt++) {
            int base = FreePorts.next();
            if (base + n >= 65535) continue;
            boolean free = true;
            for (int i = 1; i < n && free; i++) free = isFree(base + i);
            if (free) return base;
        }
        throw new ClusterException("found no " + n + " consecutive free ports for the kchaos proxy");
    }

    private static boolean isFree(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return s.isBound();
        } catch (IOException e) {
            return false;
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
