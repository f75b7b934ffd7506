package io.kchaos.checker.replica;

import org.apache.kafka.common.record.FileLogInputStream.FileChannelRecordBatch;
import org.apache.kafka.common.record.FileRecords;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.MutableRecordBatch;
import org.apache.kafka.common.record.Record;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Predicate;

/**
 * Streams the batches of one segment file, read-only. This is the ONLY class that reads through kafka-clients'
 * internal record API ({@code FileRecords}, {@code MemoryRecords}, which move to
 * {@code org.apache.kafka.common.record.internal} in kafka-clients 4.3): nothing of it leaks through its signatures.
 *
 * <p>{@code FileRecords} finds each batch (position and size, from its 17-byte header); the whole batch is then read
 * once into a reusable direct buffer, and its CRC check, header fields and records all come from that copy. Reading
 * stops at the first bytes that do not parse; {@link #unreadable()} then describes them.
 */
final class SegmentBatchReader implements AutoCloseable {
    /** Base offset (8 bytes) and batch length (4 bytes) lead every batch. */
    private static final int OFFSET_AND_LENGTH = 12;

    private final Path path;
    private final FileRecords records;
    private final Iterator<FileChannelRecordBatch> batches;
    private final ScratchBuffer scratch;
    private MutableRecordBatch current;
    private long nextPosition;
    private boolean finished;
    private UnparsedTail unparsed;

    /** The bytes after the last batch that parsed: where they start, how many, the header's offset if any, and why. */
    record UnparsedTail(long position, long length, long offsetHint, String reason) {
    }

    /** One reusable direct buffer per cursor, grown to the largest batch seen. */
    static final class ScratchBuffer {
        private ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);

        ByteBuffer forSize(int size) {
            if (buffer.capacity() < size) buffer = ByteBuffer.allocateDirect(Math.max(size, buffer.capacity() * 2));
            buffer.clear().limit(size);
            return buffer;
        }
    }

    private SegmentBatchReader(Path path, FileRecords records, ScratchBuffer scratch) {
        this.path = path;
        this.records = records;
        this.scratch = scratch;
        this.batches = records.batches().iterator();
    }

    /** Opens the segment read-only; batches are read into {@code scratch}, so one batch is current at a time. */
    static SegmentBatchReader open(Path path, ScratchBuffer scratch) throws IOException {
        try {
            return new SegmentBatchReader(path, FileRecords.open(path.toFile(), false), scratch);
        } catch (RuntimeException e) { // e.g. a file above 2 GiB
            throw new IOException(e.getMessage(), e);
        }
    }

    long sizeInBytes() {
        return records.sizeInBytes();
    }

    /** The next batch, or null when the segment ends or its next bytes do not parse (then see {@link #unreadable()}). */
    BatchInfo next() {
        current = null;
        if (finished) return null;
        FileChannelRecordBatch located;
        try {
            if (!batches.hasNext()) return finish(null);
            located = batches.next();
        } catch (RuntimeException e) { // CorruptRecordException (impossible size) or a read failure
            return finish(e.getMessage());
        }
        try {
            ByteBuffer bytes = scratch.forSize(located.sizeInBytes());
            located.writeTo(bytes); // the one read of this batch's bytes
            bytes.flip();
            MutableRecordBatch b = MemoryRecords.readableRecords(bytes).batches().iterator().next();
            boolean valid = b.isValid();
            Integer count = b.countOrNull();
            BatchInfo info = new BatchInfo(path, located.position(), b.sizeInBytes(), b.baseOffset(), b.lastOffset(),
                    b.partitionLeaderEpoch(), b.checksum(), valid, count == null ? -1 : count, b.producerId(),
                    b.isControlBatch(), b.isTransactional(), b.magic());
            current = b;
            nextPosition = located.position() + (long) located.sizeInBytes();
            return info;
        } catch (RuntimeException e) { // an unknown magic, or a header too short for its format
            return finish("batch header does not parse: " + e.getMessage());
        }
    }

    /**
     * Visits the records of the batch last returned by {@link #next()} in offset order until the visitor returns
     * false; throws {@link CorruptRecordsException} when they do not parse. Key and value are views of the read buffer.
     */
    void readRecords(Predicate<LogRecord> visitor) {
        if (current == null) throw new IllegalStateException("no current batch");
        Iterator<Record> it;
        try {
            it = current.iterator();
        } catch (RuntimeException e) {
            throw new CorruptRecordsException(e.getMessage());
        }
        while (true) {
            LogRecord record;
            try {
                if (!it.hasNext()) return;
                Record r = it.next();
                record = new LogRecord(r.offset(), view(r.key()), view(r.value()));
            } catch (RuntimeException e) {
                throw new CorruptRecordsException(e.getMessage());
            }
            if (!visitor.test(record)) return;
        }
    }

    /** After {@link #next()} returned null: the unparseable bytes at the end of the segment, or null if it ended cleanly. */
    UnparsedTail unreadable() {
        return unparsed;
    }

    private BatchInfo finish(String error) {
        finished = true;
        long size = records.sizeInBytes();
        if (nextPosition < size) unparsed = describeTail(size - nextPosition, error);
        return null;
    }

    private UnparsedTail describeTail(long length, String error) {
        if (length < OFFSET_AND_LENGTH) {
            return new UnparsedTail(nextPosition, length, -1, length + " bytes, fewer than a batch header");
        }
        ByteBuffer header = ByteBuffer.allocate(OFFSET_AND_LENGTH);
        try {
            while (header.hasRemaining()) {
                if (records.channel().read(header, nextPosition + header.position()) < 0) break;
            }
        } catch (IOException e) {
            return new UnparsedTail(nextPosition, length, -1, "cannot read: " + e.getMessage());
        }
        long offset = header.getLong(0);
        long declared = header.getInt(8) + (long) OFFSET_AND_LENGTH;
        String reason = error != null ? error
                : declared > length ? "batch header declares " + declared + " bytes but only " + length + " remain"
                : "bytes do not parse as a batch";
        return new UnparsedTail(nextPosition, length, offset, reason);
    }

    private static ByteBuffer view(ByteBuffer b) {
        return b == null ? null : b.asReadOnlyBuffer();
    }

    @Override
    public void close() {
        current = null;
        try {
            records.closeHandlers();
        } catch (IOException e) {
            // read-only channel: nothing to lose
        }
    }
}
