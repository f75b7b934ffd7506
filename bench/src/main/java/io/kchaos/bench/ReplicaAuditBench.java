package io.kchaos.bench;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.checker.replica.BrokerLogDir;
import io.kchaos.checker.replica.LeaderEpochCheckpoint;
import io.kchaos.checker.replica.ReplicaAudit;
import io.kchaos.testkit.SyntheticSegmentWriter;
import io.kchaos.checker.result.CheckResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Writes three identical synthetic replicas of one partition (about 1 MiB batches of 1 KiB records, 128 MiB segments,
 * a new leader epoch per segment) totalling the given size, then times {@link ReplicaAudit} over them: a first run
 * (JIT cold), then on batches and CRCs only, then also checking one acknowledged write per batch. The files were just
 * written, so they are read from the page cache: the figures are the audit's own cost, not the disk's.
 *
 * <p>Usage: {@code ReplicaAuditBench [TOTAL_MB (default 1024)] [RECORDS_PER_BATCH (default 1024: ~1 MiB batches)]
 * [DIR (default a temp dir, deleted after)]}
 */
public final class ReplicaAuditBench {
    private static final String TOPIC = "bench";
    private static final int RECORD_BYTES = 1000;
    private static final long SEGMENT_BYTES = 128L << 20;
    private static final int NODES = 3;

    private ReplicaAuditBench() {
    }

    public static void main(String[] args) throws IOException {
        long totalMb = args.length > 0 ? Long.parseLong(args[0]) : 1024;
        int recordsPerBatch = args.length > 1 ? Integer.parseInt(args[1]) : 1024;
        Path root = args.length > 2 ? Path.of(args[2]) : Files.createTempDirectory("kchaos-replica-bench");
        boolean temporary = args.length <= 2;
        try {
            long started = System.nanoTime();
            long[] ackedOffsets = writeReplicas(root, (totalMb << 20) / NODES, recordsPerBatch);
            System.out.printf("wrote %d MiB in %d replicas (%d batches each) under %s in %.1f s%n", totalMb, NODES,
                    ackedOffsets.length, root, (System.nanoTime() - started) / 1e9);
            List<Path> dirs = new ArrayList<>();
            for (int n = 1; n <= NODES; n++) dirs.add(root.resolve("node-" + n));
            Map<Integer, List<Integer>> isr = Map.of(0, List.of(1, 2, 3));
            report("first run, JIT cold", ReplicaAudit.builder().logDirs(dirs).finalIsr(TOPIC, isr).build());
            report("batches + CRCs", ReplicaAudit.builder().logDirs(dirs).finalIsr(TOPIC, isr).build());
            report("+ 1 acked write per batch", ReplicaAudit.builder().logDirs(dirs).finalIsr(TOPIC, isr)
                    .ackedWrites(history(ackedOffsets), TOPIC).build());
            System.out.printf("machine: %d cores, %s, Java %s, max heap %d MiB%n", Runtime.getRuntime().availableProcessors(),
                    cpuModel(), System.getProperty("java.version"), Runtime.getRuntime().maxMemory() >> 20);
        } finally {
            if (temporary) deleteTree(root);
        }
    }

    /** Runs the audit and prints wall-clock MB/s, and MB per CPU-second of this thread (what a quiet machine would give). */
    private static void report(String label, ReplicaAudit audit) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuBefore = threads.getCurrentThreadCpuTime();
        CheckResult r = audit.run();
        double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpuBefore) / 1e9;
        var s = r.stats().get(ResultsFields.Stats.REPLICAS);
        double mb = s.get(ResultsFields.Audit.BYTES_READ).asLong() / 1e6;
        System.out.printf("audit (%s): %.1f MB in %.2f s = %.1f MB/s wall clock; %.2f s CPU = %.1f MB/s per CPU-second;"
                        + " %d batches, valid=%s %s%n", label, mb, s.get(ResultsFields.Audit.SECONDS).asDouble(), s.get("mb-per-second").asDouble(),
                cpuSeconds, mb / cpuSeconds, s.get(ResultsFields.Audit.BATCHES).asLong(), r.valid(), r.anomalyTypes().isEmpty() ? "" : r.anomalyTypes());
    }

    /** Writes node 1's replica and copies it to the other nodes; returns the offset of each batch's first record. */
    private static long[] writeReplicas(Path root, long bytesPerReplica, int recordsPerBatch) throws IOException {
        Path folder = root.resolve("node-1").resolve(TOPIC + "-0");
        Files.createDirectories(folder);
        byte[] payload = new byte[RECORD_BYTES];
        new Random(42).nextBytes(payload);
        List<Long> acked = new ArrayList<>();
        StringBuilder epochs = new StringBuilder();
        int epochCount = 0;
        long offset = 0;
        long written = 0;
        long inSegment = SEGMENT_BYTES;
        SyntheticSegmentWriter writer = null;
        while (written < bytesPerReplica) {
            if (inSegment >= SEGMENT_BYTES) {
                if (writer != null) writer.close();
                writer = SyntheticSegmentWriter.create(folder, offset);
                epochs.append(epochCount++).append(' ').append(offset).append('\n');
                inSegment = 0;
            }
            List<byte[]> values = new ArrayList<>(recordsPerBatch);
            values.add(Long.toString(offset).getBytes(StandardCharsets.UTF_8)); // the acknowledged record: value = its offset
            for (int i = 1; i < recordsPerBatch; i++) values.add(payload);
            var batch = SyntheticSegmentWriter.batch(offset, epochCount - 1, System.currentTimeMillis(), null, values);
            acked.add(offset);
            inSegment += batch.remaining();
            written += batch.remaining();
            writer.append(batch);
            offset += recordsPerBatch;
        }
        writer.close();
        Files.writeString(folder.resolve(LeaderEpochCheckpoint.FILE_NAME), "0\n" + epochCount + "\n" + epochs);
        for (int n = 1; n <= NODES; n++) {
            Path dir = root.resolve("node-" + n);
            if (n > 1) copyTree(root.resolve("node-1").resolve(TOPIC + "-0"), dir.resolve(TOPIC + "-0"));
            String offsets = "0\n1\n" + TOPIC + " 0 " + offset + "\n";
            Files.writeString(dir.resolve(BrokerLogDir.META_PROPERTIES), "version=1\nnode.id=" + n + "\n");
            Files.writeString(dir.resolve(BrokerLogDir.HIGH_WATERMARKS), offsets);
            Files.writeString(dir.resolve(BrokerLogDir.RECOVERY_POINTS), offsets);
            Files.writeString(dir.resolve(BrokerLogDir.CLEAN_SHUTDOWN), "{\"version\":0,\"brokerEpoch\":1}");
        }
        return acked.stream().mapToLong(Long::longValue).toArray();
    }

    private static History history(long[] offsets) {
        List<Op> ops = new ArrayList<>(offsets.length);
        for (long o : offsets) {
            ObjectNode v = Json.object();
            v.put("value", o);
            v.put("partition", 0);
            v.put("offset", o);
            ops.add(new Op(ops.size(), ops.size(), 0, OpType.OK, "send", v, null));
        }
        return History.of(ops);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown CPU");
        } catch (IOException | UncheckedIOException e) {
            return "unknown CPU";
        }
    }
}
