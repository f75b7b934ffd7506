package io.kchaos.backend.local;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunFields;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Where a local cluster's start-up went, read from its nodes' files after {@link LocalCluster#start()}: seconds from
 * the call until the last node's config was written ({@code hosts}: namespaces set up), its last format finished
 * ({@code format}: {@code format.log} written), its last broker logged a first line ({@code jvm-up}: JVM started and
 * logging) and its last broker logged {@code Kafka Server started} ({@code started}: quorum formed, broker unfenced).
 */
public final class StartupPhases {
    private static final String STARTED = "Kafka Server started";

    private StartupPhases() {
    }

    /** The phases of the cluster's first start-up, {@code wallStartMillis} being when start() was called. */
    public static Map<String, Double> fromFiles(LocalCluster cluster, long wallStartMillis) {
        Map<String, Double> phases = new LinkedHashMap<>();
        List<LocalNode> nodes = cluster.nodeIds().stream().map(cluster::node).toList();
        phases.put(RunFields.StartupPhase.HOSTS, seconds(nodes.stream().mapToLong(n -> modified(n.propertiesFile())).min(), wallStartMillis));
        phases.put(RunFields.StartupPhase.FORMAT, seconds(nodes.stream().mapToLong(n -> modified(n.dir().resolve(RunFiles.FORMAT_LOG))).max(), wallStartMillis));
        phases.put(RunFields.StartupPhase.JVM_UP, seconds(latest(nodes, line -> true), wallStartMillis));
        phases.put(RunFields.StartupPhase.STARTED, seconds(latest(nodes, line -> line.contains(STARTED)), wallStartMillis));
        return phases;
    }

    /** The latest over the nodes of each node's first log line matching {@code which}; empty when a node has none. */
    private static OptionalLong latest(List<LocalNode> nodes, Predicate<String> which) {
        long max = Long.MIN_VALUE;
        for (LocalNode n : nodes) {
            OptionalLong t = firstStamp(n.logFile(), which);
            if (t.isEmpty()) return OptionalLong.empty();
            max = Math.max(max, t.getAsLong());
        }
        return OptionalLong.of(max);
    }

    private static OptionalLong firstStamp(Path log, Predicate<String> which) {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(which).map(StartupPhases::stamp).filter(OptionalLong::isPresent).findFirst().orElse(OptionalLong.empty());
        } catch (IOException | UncheckedIOException e) {
            return OptionalLong.empty();
        }
    }

    /** The broker's timestamp at the start of a line ({@code yyyy-MM-ddTHH:mm:ss.SSS}, local time), in epoch millis. */
    static OptionalLong stamp(String line) {
        if (line.length() < 23 || line.charAt(10) != 'T') return OptionalLong.empty();
        try {
            return OptionalLong.of(LocalDateTime.parse(line.substring(0, 23)).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
        } catch (DateTimeParseException e) {
            return OptionalLong.empty();
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return Long.MIN_VALUE;
        }
    }

    private static double seconds(OptionalLong t, long start) {
        return t.isPresent() && t.getAsLong() != Long.MIN_VALUE ? (t.getAsLong() - start) / 1000.0 : Double.NaN;
    }
}
