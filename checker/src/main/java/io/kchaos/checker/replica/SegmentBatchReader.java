package io.kchaos.checker.replica;

import org.apache.kafka.common.record.FileLogInputStream.FileChannelRecordBatch;
import org.apache.kafka.common.record.FileRecords;
import org.apache.kafka.common.record.Record;
import org.apache.kafka.common.record.RecordBatch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * Streams the batches of one segment file, read-only. This is the ONLY class that touches kafka-clients' internal
 * record API ({@code FileRecords}, which moves to {@code org.apache.kafka.common.record.internal} in kafka-clients
 * 4.3): nothing of it leaks through this class's signatures.
 *
 * <p>Each batch is read from disk once: its CRC check loads the whole batch, and the header fields and records are then
 * taken from that copy. Reading stops at the first bytes that do not parse; {@link #unreadable()} then describes them.
 */
final class SegmentBatchReader implements AutoCloseable {
    /** Base offset (8 bytes) and batch length (4 bytes) lead every batch. */
    private static final int OFFSET_AND_LENGTH = 12;

    private final Path path;
    private final FileRecords records;
    private final Iterator<FileChannelRecordBatch> batches;
    private FileChannelRecordBatch current;
    private long nextPosition;
    private boolean finished;
    private UnparsedTail unparsed;

    /** The bytes after the last batch that parsed: where they start, how many, the header's offset if any, and why. */
    record UnparsedTail(long position, long length, long offsetHint, String reason) {
    }

    private SegmentBatchReader(Path path, FileRecords records) {
        this.path = path;
        this.records = records;
        this.batches = records.batches().iterator();
    }

    /** Opens the segment read-only. */
    static SegmentBatchReader open(Path path) throws IOException {
        try {
            return new SegmentBatchReader(path, FileRecords.open(path.toFile(), false));
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
        FileChannelRecordBatch b;
        try {
            if (!batches.hasNext()) return finish(null);
            b = batches.next();
        } catch (RuntimeException e) { // CorruptRecordException (impossible size) or a read failure
            return finish(e.getMessage());
        }
        try {
            boolean valid = b.isValid(); // loads the full batch: all later accessors use that copy
            if (b.magic() > RecordBatch.CURRENT_MAGIC_VALUE) return finish("unknown message format (magic " + b.magic() + ")");
            Integer count = b.countOrNull();
            BatchInfo info = new BatchInfo(path, b.position(), b.sizeInBytes(), b.baseOffset(), b.lastOffset(),
                    b.partitionLeaderEpoch(), b.checksum(), valid, count == null ? -1 : count, b.producerId(),
                    b.isControlBatch(), b.isTransactional(), b.magic());
            current = b;
            nextPosition = b.position() + (long) b.sizeInBytes();
            return info;
        } catch (RuntimeException e) { // a header too short for its format
            nextPosition = b.position();
            return finish("batch header does not parse: " + e.getMessage());
        }
    }

    /** Visits the records of the batch last returned by {@link #next()}; throws {@link CorruptRecordsException} when they do not parse. */
    void forEachRecord(Consumer<LogRecord> visitor) {
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
                record = new LogRecord(r.offset(), bytes(r.key()), bytes(r.value()));
            } catch (RuntimeException e) {
                throw new CorruptRecordsException(e.getMessage());
            }
            visitor.accept(record);
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

    private static byte[] bytes(ByteBuffer b) {
        if (b == null) return null;
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
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
