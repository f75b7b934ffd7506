package io.kchaos.checker.replica;

import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import org.apache.kafka.common.TopicPartition;

import java.io.BufferedOutputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Runs on a broker's host after its clean stop: walks its log dirs exactly as the audit would (same cursor, same
 * checkpoint bytes) and writes a replica digest ({@link DigestFormat}): per batch its header facts, and only the
 * records at the acknowledged offsets it was given. The control node audits the digest with the unchanged audit.
 *
 * <pre>java -cp JARS io.kchaos.checker.replica.DigestWriter --out FILE [--acked FILE] [--topic T]... LOGDIR...</pre>
 */
public final class DigestWriter {
    private final AckedOffsets acked;
    private final Predicate<String> topics;

    public DigestWriter(AckedOffsets acked, Predicate<String> topics) {
        this.acked = acked;
        this.topics = topics;
    }

    /** Exit 0 when the digest was written, 2 on bad arguments or an I/O error (one line on stderr). */
    public static void main(String[] args) {
        try {
            Path out = null;
            AckedOffsets acked = AckedOffsets.none();
            List<String> topicNames = new ArrayList<>();
            List<Path> dirs = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--out" -> out = Path.of(args[++i]);
                    case "--acked" -> acked = AckedOffsets.read(Path.of(args[++i]));
                    case "--topic" -> topicNames.add(args[++i]);
                    default -> dirs.add(Path.of(args[i]));
                }
            }
            if (out == null || dirs.isEmpty()) throw new IllegalArgumentException("usage: --out FILE [--acked FILE] [--topic T]... LOGDIR...");
            Predicate<String> filter = topicNames.isEmpty() ? t -> !BrokerLogDir.isInternal(t) : topicNames::contains;
            new DigestWriter(acked, filter).write(dirs, out);
        } catch (IOException | RuntimeException e) {
            System.err.println("digest: " + e.getMessage());
            System.exit(2);
        }
    }

    /** Writes the digest of these log dirs to {@code out}. */
    public void write(List<Path> dirs, Path out) throws IOException {
        try (OutputStream stream = new BufferedOutputStream(new ZstdOutputStreamNoFinalizer(Files.newOutputStream(out), DigestFormat.ZSTD_LEVEL), 1 << 16)) {
            DataOutput o = new VarintOutput(stream);
            o.writeUTF(DigestFormat.MAGIC);
            o.writeInt(dirs.size());
            for (Path d : dirs) writeDir(d, o);
        }
    }

    private void writeDir(Path dir, DataOutput o) throws IOException {
        o.writeUTF(dir.toString());
        BrokerLogDir d;
        try {
            d = BrokerLogDir.open(dir, topics);
        } catch (InvalidLogDirException e) {
            o.writeBoolean(false);
            o.writeUTF(e.getMessage());
            return;
        }
        o.writeBoolean(true);
        o.writeInt(d.nodeId());
        o.writeBoolean(d.cleanShutdown());
        for (String f : BrokerLogDir.checkpointFiles()) writeBytes(CheckpointBytes.read(dir.resolve(f)), o);
        o.writeInt(d.partitions().size());
        for (PartitionDir p : d.partitions()) writePartition(p, o);
    }

    private void writePartition(PartitionDir p, DataOutput o) throws IOException {
        o.writeUTF(p.topicPartition().topic());
        o.writeInt(p.topicPartition().partition());
        o.writeUTF(p.path().toString());
        List<Segment> segments = p.segments();
        o.writeInt(segments.size());
        for (Segment s : segments) {
            o.writeUTF(s.path().getFileName().toString());
            o.writeLong(s.baseOffset());
        }
        writeBytes(CheckpointBytes.read(p.leaderEpochs().path()), o);
        o.writeInt(p.warnings().size());
        for (String w : p.warnings()) o.writeUTF(w);
        long[] wanted = acked.of(p.topicPartition());
        DigestDeltas deltas = DigestDeltas.predicting();
        try (LogCursor cursor = p.openCursor()) {
            long scanned = 0;
            LogEvent e;
            while ((e = cursor.next()) != null) {
                if (cursor.bytesScanned() != scanned) {
                    scanned = cursor.bytesScanned();
                    writeScanned(scanned, deltas, o);
                }
                if (e instanceof BatchInfo b) {
                    writeBatch(b, segments, deltas, o);
                    writeRecords(b, cursor, wanted, deltas, o);
                } else {
                    writeUnreadable((UnreadableBytes) e, segments, o);
                }
            }
            if (cursor.bytesScanned() != scanned) writeScanned(cursor.bytesScanned(), deltas, o);
        }
        o.writeByte(DigestFormat.END);
    }

    private static void writeScanned(long scanned, DigestDeltas deltas, DataOutput o) throws IOException {
        o.writeByte(DigestFormat.SCANNED);
        o.writeLong(scanned - deltas.scanned());
        deltas.scannedTo(scanned);
    }

    private static void writeBatch(BatchInfo b, List<Segment> segments, DigestDeltas deltas, DataOutput o) throws IOException {
        int segment = segmentIndex(b.segment(), segments);
        o.writeByte(DigestFormat.BATCH);
        o.writeInt(segment);
        o.writeLong(b.position() - deltas.position(segment));
        o.writeInt(b.sizeInBytes());
        o.writeLong(b.baseOffset() - deltas.baseOffset());
        o.writeLong(b.lastOffset() - deltas.fromBase(b.baseOffset()));
        deltas.batch(segment, b.position(), b.sizeInBytes(), b.lastOffset());
        o.writeInt(b.leaderEpoch());
        o.writeLong(b.crc());
        o.writeBoolean(b.crcValid());
        o.writeInt(b.recordCount());
        o.writeLong(b.producerId());
        o.writeShort(b.producerEpoch());
        o.writeInt(b.baseSequence());
        o.writeBoolean(b.control());
        o.writeBoolean(b.transactional());
        o.writeByte(b.magic());
    }

    /**
     * The records at wanted offsets, read exactly as the acknowledged-write check reads them: only for a good batch
     * holding a wanted offset, stopping after the last wanted one; a parse failure and the last offset visited before it.
     */
    private static void writeRecords(BatchInfo b, LogCursor cursor, long[] wanted, DigestDeltas deltas, DataOutput o) throws IOException {
        int first = firstAtOrAbove(wanted, b.baseOffset());
        if (!b.crcValid() || first >= wanted.length || wanted[first] > b.lastOffset()) {
            o.writeInt(DigestFormat.NOT_READ);
            return;
        }
        List<long[]> offsets = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        long[] lastVisited = {-1};
        String corrupt = null;
        try {
            cursor.readRecords(r -> {
                lastVisited[0] = r.offset();
                if (Arrays.binarySearch(wanted, r.offset()) >= 0) {
                    offsets.add(new long[]{r.offset()});
                    values.add(r.valueBytes());
                }
                int next = firstAtOrAbove(wanted, r.offset() + 1);
                return next < wanted.length && wanted[next] <= b.lastOffset();
            });
        } catch (CorruptRecordsException e) {
            corrupt = e.getMessage();
        }
        o.writeInt(offsets.size());
        long predicted = deltas.fromBase(b.baseOffset());
        for (int i = 0; i < offsets.size(); i++) {
            o.writeLong(offsets.get(i)[0] - predicted);
            predicted = deltas.afterRecord(offsets.get(i)[0]);
            byte[] v = values.get(i);
            o.writeInt(v == null ? -1 : v.length);
            if (v != null) o.write(v);
        }
        o.writeBoolean(corrupt != null);
        if (corrupt != null) {
            o.writeUTF(corrupt);
            o.writeLong(lastVisited[0]);
        }
    }

    private static void writeUnreadable(UnreadableBytes u, List<Segment> segments, DataOutput o) throws IOException {
        o.writeByte(DigestFormat.UNREADABLE);
        o.writeInt(segmentIndex(u.segment(), segments));
        o.writeLong(u.position());
        o.writeLong(u.length());
        o.writeLong(u.offsetHint());
        o.writeLong(u.nextSegmentBaseOffset());
        o.writeUTF(u.reason());
    }

    private static void writeBytes(CheckpointBytes c, DataOutput o) throws IOException {
        o.writeBoolean(c.present());
        o.writeBoolean(c.problem() != null);
        if (c.problem() != null) o.writeUTF(c.problem());
        o.writeInt(c.bytes().length);
        o.write(c.bytes());
    }

    private static int segmentIndex(Path segment, List<Segment> segments) {
        for (int i = 0; i < segments.size(); i++) if (segments.get(i).path().equals(segment)) return i;
        throw new IllegalStateException("event in an unlisted segment " + segment);
    }

    private static int firstAtOrAbove(long[] sorted, long offset) {
        int i = Arrays.binarySearch(sorted, offset);
        return i >= 0 ? i : -i - 1;
    }
}
