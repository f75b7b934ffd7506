package io.kchaos.bench;

import io.kchaos.backend.local.Hosts;
import io.kchaos.backend.local.LocalCluster;
import io.kchaos.backend.local.StartupPhases;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.QuorumMode;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.ServerProperties;

import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.cluster.os.FileTrees;
import io.kchaos.cluster.os.ProcessCommandRunner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts and stops the default local cluster (3 nodes, network namespaces when the machine allows them, the bundled
 * broker, kchaos's default settings) N times and prints where each start-up's time went, then median/min/max per
 * phase. Phases come from the nodes' files, so the figures mean the same whatever the start-up code does:
 * {@link StartupPhases}. {@code bench/startup [N] [NODES] [CONTROLLERS]} (the harness's class path first, so that the
 * bundled broker is found, then {@code bench/target/kchaos-bench.jar}); run it under {@code with-cluster-slot --exclusive}.
 */
public final class StartupBench {
    private StartupBench() {
    }

    public static void main(String[] args) throws IOException {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "error"); // the readiness client's connection attempts
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int nodes = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int controllers = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        CommandRunner runner = new ProcessCommandRunner();
        Hosts.Plan hosts = Hosts.plan(true, runner);
        KafkaDistribution dist = KafkaDistribution.bundled();
        ClusterSpec spec = new ClusterSpec(nodes, dist, ServerProperties.harnessDefaults(nodes), 512, Duration.ofSeconds(120),
                new QuorumSpec(controllers, QuorumMode.STATIC));
        System.out.println(nodes + "-node Kafka " + dist.version() + " cluster" + (controllers > 0 ? " + " + controllers + " controllers" : "") + ", " + (hosts.support().namespaces() ? "network namespaces" : "loopback")
                + ", " + runs + " starts; seconds since start() was called");
        List<Map<String, Double>> all = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            Path dir = Files.createTempDirectory("kchaos-startup-bench-");
            try {
                Map<String, Double> phases = startOnce(spec, dir, hosts, runner);
                all.add(phases);
                System.out.println("start " + i + ": " + format(phases));
            } finally {
                deleteTree(dir);
            }
        }
        System.out.println("median/min/max over " + runs + " starts:");
        for (String phase : all.get(0).keySet()) {
            List<Double> values = all.stream().map(m -> m.get(phase)).sorted().toList();
            System.out.printf("  %-12s %6.2f %6.2f %6.2f%n", phase, median(values), values.get(0), values.get(values.size() - 1));
        }
    }

    private static Map<String, Double> startOnce(ClusterSpec spec, Path dir, Hosts.Plan hosts, CommandRunner runner) {
        Map<String, Double> phases;
        long stopStart;
        try (LocalCluster c = new LocalCluster(spec, dir, hosts.create(), runner)) {
            double ready = c.start();
            phases = new LinkedHashMap<>(c.startupPhases());
            phases.put("ready", ready);
            stopStart = System.nanoTime();
            c.stopAll();
        }
        phases.put("stop", (System.nanoTime() - stopStart) / 1e9);
        return phases;
    }

    private static String format(Map<String, Double> phases) {
        StringBuilder sb = new StringBuilder();
        phases.forEach((k, v) -> sb.append(String.format("%s %.2f  ", k, v)));
        return sb.toString().trim();
    }

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static void deleteTree(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
