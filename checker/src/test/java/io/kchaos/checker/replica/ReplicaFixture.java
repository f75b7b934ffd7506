package io.kchaos.checker.replica;

import io.kchaos.history.ValuePadding;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import io.kchaos.testkit.SyntheticSegmentWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Synthetic broker log dirs for one partition replicated on nodes 1, 2 and 3: nine batches of ten records (offsets
 * 0..89) in epochs 0 (0..29), 1 (30..59) and 2 (60..89), in two segments (base offsets 0 and 50), values
 * {@code 5000 + offset} as decimal text (padded with {@link #padded}), keys {@code k<offset % 3>}. Each node can be changed before {@link #write()},
 * and its files damaged after.
 */
final class ReplicaFixture {
    static final String TOPIC = "kchaos-test";
    static final int PARTITION = 0;
    static final int BATCH = 10;
    static final int BATCHES = 9;
    static final long END = BATCH * BATCHES;
    static final long SECOND_SEGMENT = 50;

    private final Path root;
    private final Map<Integer, Node> nodes = new TreeMap<>();
    private int valueBytes;

    /** One node's replica, as it will be written. */
    static final class Node {
        final int id;
        int batches = BATCHES;
        List<EpochEntry> epochs = new ArrayList<>(List.of(new EpochEntry(0, 0), new EpochEntry(1, 30), new EpochEntry(2, 60)));
        final Map<Long, Integer> epochOverride = new HashMap<>();
        final Map<Long, Long> timestampOverride = new HashMap<>();
        Long highWatermark;
        Long recoveryPoint;
        boolean cleanShutdown = true;
        Long logStart;
        List<Long> segmentBases = List.of(0L, SECOND_SEGMENT);
        final Map<Long, Long> positions = new TreeMap<>();

        Node(int id) {
            this.id = id;
        }

        long logEnd() {
            return (long) batches * BATCH;
        }

        Node batches(int n) {
            this.batches = n;
            return this;
        }

        Node epochs(EpochEntry... entries) {
            this.epochs = new ArrayList<>(List.of(entries));
            return this;
        }

        Node highWatermark(long hw) {
            this.highWatermark = hw;
            return this;
        }

        Node recoveryPoint(long rp) {
            this.recoveryPoint = rp;
            return this;
        }

        /** Retention or DeleteRecords moved the log start here; the segments still hold what lies below it. */
        Node logStart(long offset) {
            this.logStart = offset;
            return this;
        }

        /** The batches go to segments starting at these base offsets (each a multiple of {@link #BATCH}; 0 first). */
        Node segments(Long... bases) {
            this.segmentBases = List.of(bases);
            return this;
        }

        Node uncleanShutdown() {
            this.cleanShutdown = false;
            return this;
        }

        /** The batch starting at {@code base} gets another timestamp: same offsets, another CRC. */
        Node rewriteBatch(long base) {
            timestampOverride.put(base, 42L);
            return this;
        }

        /** The batch starting at {@code base} carries another leader epoch. */
        Node batchEpoch(long base, int epoch) {
            epochOverride.put(base, epoch);
            return this;
        }
    }

    ReplicaFixture(Path root) {
        this.root = root;
        for (int id = 1; id <= 3; id++) nodes.put(id, new Node(id));
    }

    /** Writes every value padded to {@code bytes} ({@link ValuePadding}), as the queue workload's value-bytes does. */
    ReplicaFixture padded(int bytes) {
        valueBytes = bytes;
        return this;
    }

    Node node(int id) {
        return nodes.get(id);
    }

    static int epochOf(long offset) {
        return (int) (offset / 30);
    }

    static long value(long offset) {
        return 5000 + offset;
    }

    /** Writes every node's log dir; returns them in node order. */
    List<Path> write() {
        List<Path> dirs = new ArrayList<>();
        nodes.values().forEach(n -> dirs.add(writeNode(n)));
        return dirs;
    }

    Path logDir(int node) {
        return root.resolve("node-" + node);
    }

    Path partitionFolder(int node) {
        return logDir(node).resolve(TOPIC + "-" + PARTITION);
    }

    Path segment(int node, long base) {
        return partitionFolder(node).resolve(Segment.fileName(base));
    }

    /** Byte position of the batch starting at {@code base} in its segment. */
    long position(int node, long base) {
        return nodes.get(node).positions.get(base);
    }

    /** The ok sends of every offset 0..89, as a history. */
    History history() {
        return history(List.of());
    }

    /** The ok sends of offsets 0..89 plus extra acknowledgements {offset, value}. */
    History history(List<long[]> extraAcks) {
        List<Op> ops = new ArrayList<>();
        for (long o = 0; o < END; o++) addSend(ops, o, value(o));
        for (long[] a : extraAcks) addSend(ops, a[0], a[1]);
        return History.of(ops);
    }

    private static void addSend(List<Op> ops, long offset, long value) {
        ObjectNode invoke = Json.object();
        invoke.put("key", "k" + offset % 3);
        invoke.put("value", value);
        ObjectNode ok = invoke.deepCopy();
        ok.put("partition", PARTITION);
        ok.put("offset", offset);
        int process = (int) (offset % 4);
        ops.add(new Op(ops.size(), ops.size() * 1000L, process, OpType.INVOKE, "send", invoke, null));
        ops.add(new Op(ops.size(), ops.size() * 1000L, process, OpType.OK, "send", ok, null));
    }

    private Path writeNode(Node n) {
        Path dir = logDir(n.id);
        Path folder = partitionFolder(n.id);
        try {
            Files.createDirectories(folder);
            write(dir.resolve(BrokerLogDir.META_PROPERTIES), "version=1\ncluster.id=fixture\nnode.id=" + n.id + "\n");
            if (n.cleanShutdown) write(dir.resolve(BrokerLogDir.CLEAN_SHUTDOWN), "{\"version\":0,\"brokerEpoch\":7}");
            long hw = n.highWatermark != null ? n.highWatermark : n.logEnd();
            long rp = n.recoveryPoint != null ? n.recoveryPoint : n.logEnd();
            write(dir.resolve(BrokerLogDir.HIGH_WATERMARKS), offsets(hw));
            write(dir.resolve(BrokerLogDir.RECOVERY_POINTS), offsets(rp));
            write(dir.resolve(BrokerLogDir.LOG_START_OFFSETS), n.logStart == null ? "0\n0\n" : "0\n1\n" + TOPIC + " " + PARTITION + " " + n.logStart + "\n");
            StringBuilder epochs = new StringBuilder("0\n" + n.epochs.size() + "\n");
            n.epochs.forEach(e -> epochs.append(e.epoch()).append(' ').append(e.startOffset()).append('\n'));
            write(folder.resolve(LeaderEpochCheckpoint.FILE_NAME), epochs.toString());
            writeSegments(n, folder, valueBytes);
            // internal topics that the audit must skip, one of them unparseable
            Files.createDirectories(dir.resolve("__consumer_offsets-0"));
            Files.createDirectories(dir.resolve("__cluster_metadata-0"));
            write(dir.resolve("__cluster_metadata-0").resolve(Segment.fileName(0)), "not a batch at all, not at all");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    private static String offsets(long topicOffset) {
        return "0\n2\n" + TOPIC + " " + PARTITION + " " + topicOffset + "\n__consumer_offsets 0 0\n";
    }

    private static void writeSegments(Node n, Path folder, int valueBytes) {
        SyntheticSegmentWriter writer = null;
        for (int b = 0; b < n.batches; b++) {
            long base = (long) b * BATCH;
            if (writer == null || n.segmentBases.contains(base)) {
                if (writer != null) writer.close();
                writer = SyntheticSegmentWriter.create(folder, base);
            }
            n.positions.put(base, writer.append(batch(base, n.epochOverride.getOrDefault(base, epochOf(base)),
                    n.timestampOverride.getOrDefault(base, 1_700_000_000_000L), valueBytes)));
        }
        if (writer == null) writer = SyntheticSegmentWriter.create(folder, 0);
        writer.close();
    }

    static ByteBuffer batch(long base, int epoch, long timestamp) {
        return batch(base, epoch, timestamp, 0);
    }

    static ByteBuffer batch(long base, int epoch, long timestamp, int valueBytes) {
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        for (long o = base; o < base + BATCH; o++) {
            keys.add(("k" + o % 3).getBytes(StandardCharsets.UTF_8));
            values.add(ValuePadding.encode(value(o), valueBytes).getBytes(StandardCharsets.UTF_8));
        }
        return SyntheticSegmentWriter.batch(base, epoch, timestamp, keys, values);
    }

    static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replaces 1-based line {@code line} of a text file. */
    static void replaceLine(Path file, int line, String text) {
        try {
            List<String> lines = new ArrayList<>(Files.readAllLines(file));
            lines.set(line - 1, text);
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void flipByte(Path file, long position) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            ch.read(one, position);
            one.put(0, (byte) (one.get(0) ^ 0x5a));
            one.rewind();
            ch.write(one, position);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void truncate(Path file, long size) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void appendBytes(Path file, ByteBuffer bytes) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            while (bytes.hasRemaining()) ch.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
