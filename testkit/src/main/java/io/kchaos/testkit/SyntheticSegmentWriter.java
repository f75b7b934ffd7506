package io.kchaos.testkit;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.MemoryRecordsBuilder;
import org.apache.kafka.common.record.RecordBatch;
import org.apache.kafka.common.record.TimestampType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Writes segment files in Kafka's on-disk batch format without a broker, for tests and benchmarks of the audit. Like
 * the audit's {@code SegmentBatchReader} it uses kafka-clients' internal record API ({@code MemoryRecords}); these two classes are
 * the only ones that do.
 */
public final class SyntheticSegmentWriter implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;

    private SyntheticSegmentWriter(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /** Creates (or replaces) the segment starting at {@code baseOffset} in a partition folder. */
    public static SyntheticSegmentWriter create(Path partitionFolder, long baseOffset) {
        Path file = partitionFolder.resolve(String.format("%020d.log", baseOffset)); // Kafka's segment file name
        try {
            Files.createDirectories(partitionFolder);
            return new SyntheticSegmentWriter(file, FileChannel.open(file, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + file, e);
        }
    }

    /**
     * Encodes one uncompressed v2 batch with offsets {@code baseOffset..baseOffset+values.size()-1}.
     *
     * @param keys   one key per record (entries may be null), or null for no keys
     * @param values one value per record
     */
    public static ByteBuffer batch(long baseOffset, int leaderEpoch, long timestamp, List<byte[]> keys, List<byte[]> values) {
        int size = 128;
        for (int i = 0; i < values.size(); i++) {
            size += 32 + values.get(i).length + (keys == null || keys.get(i) == null ? 0 : keys.get(i).length);
        }
        MemoryRecordsBuilder b = MemoryRecords.builder(ByteBuffer.allocate(size), RecordBatch.CURRENT_MAGIC_VALUE,
                Compression.NONE, TimestampType.CREATE_TIME, baseOffset, RecordBatch.NO_TIMESTAMP,
                RecordBatch.NO_PRODUCER_ID, RecordBatch.NO_PRODUCER_EPOCH, RecordBatch.NO_SEQUENCE, false, leaderEpoch);
        for (int i = 0; i < values.size(); i++) {
            b.appendWithOffset(baseOffset + i, timestamp, keys == null ? null : keys.get(i), values.get(i));
        }
        return b.build().buffer();
    }

    /** Appends encoded bytes (a batch, or anything else to simulate damage); returns the position they start at. */
    public long append(ByteBuffer bytes) {
        try {
            long position = channel.size();
            ByteBuffer b = bytes.duplicate();
            while (b.hasRemaining()) channel.write(b, position + b.position() - bytes.position());
            return position;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + path, e);
        }
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + path, e);
        }
    }
}
