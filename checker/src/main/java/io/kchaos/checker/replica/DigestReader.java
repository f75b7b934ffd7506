package io.kchaos.checker.replica;

import org.apache.kafka.common.TopicPartition;

import java.io.DataInput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reads a replica digest ({@link DigestFormat}) back into {@link BrokerLogDir}s whose cursors replay the events found
 * on the host, so that {@link ReplicaAudit} judges them with the same logic and reports the host's paths.
 */
final class DigestReader {
    private DigestReader() {
    }

    /** The log dirs of the digest, with the partitions of the topics the filter accepts. */
    static List<BrokerLogDir> read(Path file, Predicate<String> topics) {
        try (DigestFormat.Opened digest = DigestFormat.open(file)) {
            DataInput in = digest.in();
            int dirs = in.readInt();
            List<BrokerLogDir> out = new ArrayList<>();
            for (int i = 0; i < dirs; i++) out.add(readDir(in, topics, digest.legacy()));
            return out;
        } catch (IOException e) {
            throw new InvalidLogDirException("cannot read replica digest " + file + ": " + e.getMessage());
        }
    }

    private static BrokerLogDir readDir(DataInput in, Predicate<String> topics, boolean legacy) throws IOException {
        Path path = Path.of(in.readUTF());
        if (!in.readBoolean()) throw new InvalidLogDirException(in.readUTF());
        int nodeId = in.readInt();
        boolean clean = in.readBoolean();
        List<CheckpointBytes> checkpoints = new ArrayList<>();
        for (int i = 0; i < BrokerLogDir.checkpointFiles().size(); i++) checkpoints.add(readBytes(in));
        int partitions = in.readInt();
        List<PartitionDir> dirs = new ArrayList<>();
        for (int i = 0; i < partitions; i++) {
            PartitionDir p = readPartition(in, legacy);
            if (topics.test(p.topicPartition().topic())) dirs.add(p);
        }
        return BrokerLogDir.of(path, nodeId, clean, checkpoints, dirs);
    }

    private static PartitionDir readPartition(DataInput in, boolean legacy) throws IOException {
        TopicPartition tp = new TopicPartition(in.readUTF(), in.readInt());
        Path path = Path.of(in.readUTF());
        int n = in.readInt();
        List<Segment> segments = new ArrayList<>(n);
        for (int i = 0; i < n; i++) segments.add(new Segment(path.resolve(in.readUTF()), in.readLong()));
        LeaderEpochCheckpoint epochs = LeaderEpochCheckpoint.parse(path.resolve(LeaderEpochCheckpoint.FILE_NAME), readBytes(in));
        int w = in.readInt();
        List<String> warnings = new ArrayList<>(w);
        for (int i = 0; i < w; i++) warnings.add(in.readUTF());
        List<DigestEvents.Entry> events = new ArrayList<>();
        DigestDeltas deltas = legacy ? DigestDeltas.absolute() : DigestDeltas.predicting();
        while (true) {
            byte tag = in.readByte();
            if (tag == DigestFormat.END) break;
            events.add(switch (tag) {
                case DigestFormat.SCANNED -> {
                    long scanned = deltas.scanned() + in.readLong();
                    deltas.scannedTo(scanned);
                    yield new DigestEvents.Scanned(scanned);
                }
                case DigestFormat.BATCH -> readBatch(in, segments, deltas);
                case DigestFormat.UNREADABLE -> new DigestEvents.Event(new UnreadableBytes(segments.get(in.readInt()).path(), in.readLong(),
                        in.readLong(), in.readLong(), in.readLong(), in.readUTF()), null);
                default -> throw new IOException("unknown event tag " + tag);
            });
        }
        List<DigestEvents.Entry> replay = List.copyOf(events);
        return PartitionDir.of(tp, path, segments, epochs, warnings, () -> new LogCursor(new DigestEvents(replay)));
    }

    private static DigestEvents.Event readBatch(DataInput in, List<Segment> segments, DigestDeltas deltas) throws IOException {
        int segment = in.readInt();
        long position = deltas.position(segment) + in.readLong();
        int size = in.readInt();
        long baseOffset = deltas.baseOffset() + in.readLong();
        long lastOffset = deltas.fromBase(baseOffset) + in.readLong();
        deltas.batch(segment, position, size, lastOffset);
        BatchInfo b = new BatchInfo(segments.get(segment).path(), position, size, baseOffset, lastOffset,
                in.readInt(), in.readLong(), in.readBoolean(), in.readInt(), in.readLong(), in.readShort(), in.readInt(), in.readBoolean(),
                in.readBoolean(), in.readByte());
        int n = in.readInt();
        if (n == DigestFormat.NOT_READ) return new DigestEvents.Event(b, null);
        List<DigestEvents.Rec> records = new ArrayList<>(n);
        long predicted = deltas.fromBase(b.baseOffset());
        for (int i = 0; i < n; i++) {
            long offset = predicted + in.readLong();
            predicted = deltas.afterRecord(offset);
            int len = in.readInt();
            byte[] value = null;
            if (len >= 0) {
                value = new byte[len];
                in.readFully(value);
            }
            records.add(new DigestEvents.Rec(offset, value));
        }
        String corrupt = null;
        long lastVisited = -1;
        if (in.readBoolean()) {
            corrupt = in.readUTF();
            lastVisited = in.readLong();
        }
        return new DigestEvents.Event(b, new DigestEvents.Records(records, corrupt, lastVisited));
    }

    private static CheckpointBytes readBytes(DataInput in) throws IOException {
        boolean present = in.readBoolean();
        String error = in.readBoolean() ? in.readUTF() : null;
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new CheckpointBytes(present, bytes, error);
    }
}
