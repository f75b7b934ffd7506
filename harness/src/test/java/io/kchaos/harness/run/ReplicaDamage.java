package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.replica.BrokerLogDir;
import io.kchaos.checker.replica.OffsetCheckpoint;
import io.kchaos.history.Json;
import org.apache.kafka.common.TopicPartition;
import io.kchaos.harness.cli.Main;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Test helper: copies a run's cleanly stopped data directories, damages the copy one way (always node 1's replica of
 * partition 0), and runs {@code kchaos verify-logs} over it.
 */
final class ReplicaDamage {
    static final String TOPIC = "kchaos-queue";
    /** Size of a v2 record batch header; the records follow it. */
    private static final int BATCH_HEADER = 61;

    private final Path runDir;
    private final Path work;
    private JsonNode lastResults;

    ReplicaDamage(Path runDir, Path work) {
        this.runDir = runDir;
        this.work = work;
    }

    /** A way to damage a copy of the log dirs (root holds one folder per node id). */
    @FunctionalInterface
    interface Damage {
        void apply(Path root) throws IOException;
    }

    /** Copies, damages, verifies; returns the exit code. */
    int verify(String name, Damage damage) throws IOException {
        Path root = work.resolve(name.replaceAll("\\W", "_"));
        List<String> args = new ArrayList<>(List.of("verify-logs", "--topic", TOPIC, "--out", root.resolve("results.json").toString()));
        try (Stream<Path> nodes = Files.list(runDir.resolve("nodes"))) {
            for (Path node : nodes.sorted().toList()) {
                Path copy = root.resolve(node.getFileName().toString());
                copyTree(node.resolve("data"), copy);
                args.add(copy.toString());
            }
        }
        damage.apply(root);
        int exit = Main.execute(args.toArray(String[]::new));
        lastResults = Json.MAPPER.readTree(root.resolve("results.json").toFile());
        return exit;
    }

    /** The damage must give exit 1 and exactly this anomaly type. */
    void expectOnly(String type, String name, Damage damage) throws IOException {
        expectOnly(Set.of(type), name, damage);
    }

    /** As above, for damage that is rightly more than one anomaly type (a corrupt committed batch is also missing data). */
    void expectOnly(Set<String> types, String name, Damage damage) throws IOException {
        int exit = verify(name, damage);
        Set<String> found = new TreeSet<>();
        lastResults.path("anomaly-types").forEach(t -> found.add(t.asText()));
        assertEquals(new TreeSet<>(types), found, name + ": " + lastResults.path("anomalies"));
        assertEquals(1, exit, name);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    private static Path partitionDir(Path root) {
        return root.resolve("1").resolve(TOPIC + "-0");
    }

    private static Path firstSegment(Path root) throws IOException {
        try (Stream<Path> s = Files.list(partitionDir(root))) {
            return s.filter(p -> p.toString().endsWith(".log")).sorted().findFirst().orElseThrow();
        }
    }

    /** Batch start positions → base offset and leader epoch, walking the v2 batch headers. */
    private static Map<Long, long[]> batches(Path segment) throws IOException {
        Map<Long, long[]> out = new LinkedHashMap<>();
        try (RandomAccessFile f = new RandomAccessFile(segment.toFile(), "r")) {
            long pos = 0;
            ByteBuffer head = ByteBuffer.allocate(17);
            while (pos + 17 <= f.length()) {
                head.clear();
                f.getChannel().read(head, pos);
                long baseOffset = head.getLong(0);
                int length = head.getInt(8);
                int epoch = head.getInt(12);
                out.put(pos, new long[]{baseOffset, epoch, length});
                pos += 12L + length;
            }
        }
        return out;
    }

    /**
     * Flips a byte in the middle batch of those below node 1's recovery point: above it, a CRC failure is a torn tail
     * that Kafka truncates on restart (the audit counts it as missing data, not as a corrupt batch). After a clean stop
     * the recovery point is the log end, so every batch qualifies.
     */
    static void flipByteInARecord(Path root) throws IOException {
        Path seg = firstSegment(root);
        long recoveryPoint = recoveryPoint(root);
        List<Map.Entry<Long, long[]>> bs = new ArrayList<>(batches(seg).entrySet());
        bs.removeIf(b -> b.getValue()[0] >= recoveryPoint);
        if (bs.isEmpty()) throw new AssertionError("node 1's replica has no batch below its recovery point " + recoveryPoint
                + ": the run did not stop node 1 cleanly (see its server.log)");
        Map.Entry<Long, long[]> middle = bs.get(bs.size() / 2);
        long at = middle.getKey() + BATCH_HEADER + (middle.getValue()[2] + 12 - BATCH_HEADER) / 2;
        try (RandomAccessFile f = new RandomAccessFile(seg.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x5A);
        }
    }

    /** Node 1's recovery point of partition 0, read as the audit reads it; 0 when the checkpoint names none. */
    private static long recoveryPoint(Path root) {
        return OffsetCheckpoint.read(root.resolve("1").resolve(BrokerLogDir.RECOVERY_POINTS)).offset(new TopicPartition(TOPIC, 0)).orElse(0);
    }

    static void truncateSegmentMidway(Path root) throws IOException {
        Path seg = firstSegment(root);
        List<Long> starts = new ArrayList<>(batches(seg).keySet());
        long cut = starts.get(starts.size() / 2);
        try (RandomAccessFile f = new RandomAccessFile(seg.toFile(), "rw")) {
            f.setLength(cut);
        }
    }

    static void shiftAnEpochStartOffset(Path root) throws IOException {
        Map<Long, Long> firstOffsetOfEpoch = new LinkedHashMap<>();
        for (long[] b : batches(firstSegment(root)).values()) firstOffsetOfEpoch.putIfAbsent(b[1], b[0]);
        Path cp = partitionDir(root).resolve("leader-epoch-checkpoint");
        List<String> lines = new ArrayList<>(Files.readAllLines(cp));
        for (int i = lines.size() - 1; i >= 2; i--) {
            String[] e = lines.get(i).trim().split("\\s+");
            Long first = firstOffsetOfEpoch.get(Long.parseLong(e[0]));
            if (first != null && first == Long.parseLong(e[1])) {
                lines.set(i, e[0] + " " + (first + 1));
                Files.write(cp, lines);
                return;
            }
        }
        throw new IllegalStateException("no epoch entry with data in " + cp + ": " + lines);
    }

    static void garbleACheckpointLine(Path root) throws IOException {
        Path cp = partitionDir(root).resolve("leader-epoch-checkpoint");
        List<String> lines = new ArrayList<>(Files.readAllLines(cp));
        lines.set(2, "this is not an epoch entry");
        Files.write(cp, lines);
    }
}
