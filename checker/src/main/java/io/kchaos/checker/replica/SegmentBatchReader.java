package io.kchaos.checker.replica;

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
 * <p>{@code FileRecords} reads the file in chunks of up to 4 MiB into a reused direct buffer and Kafka's own
 * {@code MemoryRecords} batch iterator cuts them into batches; the partial batch at a chunk's end is moved to the
 * front and completed by the next read, so every byte is read from disk once. (Iterating with
 * {@code FileRecords.batches()} costs two system calls per batch, which made one-record batches ten times slower.)
 * CRC check, header fields and records come from the buffered copy. Reading stops at the first bytes that do not
 * parse; {@link #unreadable()} then describes them.
 */
final class SegmentBatchReader implements AutoCloseable {
    /** Base offset (8 bytes) and batch length (4 bytes) lead every batch. */
    private static final int OFFSET_AND_LENGTH = 12;

    private final Path path;
    private final FileRecords records;
    private final ScratchBuffer scratch;
    private final long fileSize;
    /** File position of the chunk's first byte. */
    private long chunkPosition;
    /** Bytes of the chunk handed out as batches. */
    private int consumed;
    private boolean endOfFile;
    private Iterator<MutableRecordBatch> batches;
    private MutableRecordBatch current;
    private boolean finished;
    private UnparsedTail unparsed;

    /** The bytes after the last batch that parsed: where they start, how many, the header's offset if any, and why. */
    record UnparsedTail(long position, long length, long offsetHint, String reason) {
    }

    /** One reusable direct buffer per cursor: a chunk of the segment (up to 4 MiB, more only for a larger batch). */
    static final class ScratchBuffer {
        static final int CHUNK = 4 << 20;
        private ByteBuffer buffer = ByteBuffer.allocateDirect(64 << 10);

        ByteBuffer buffer() {
            return buffer;
        }

        /**
         * A buffer of at least {@code capacity} bytes that starts with the current buffer's bytes {@code from..limit},
         * positioned after them.
         */
        ByteBuffer keepAndGrow(int from, int capacity) {
            buffer.position(from);
            if (capacity > buffer.capacity()) {
                ByteBuffer bigger = ByteBuffer.allocateDirect(capacity);
                bigger.put(buffer);
                buffer = bigger;
            } else {
                buffer.compact();
            }
            return buffer;
        }
    }

    private SegmentBatchReader(Path path, FileRecords records, ScratchBuffer scratch) {
        this.path = path;
        this.records = records;
        this.scratch = scratch;
        this.fileSize = records.sizeInBytes();
        ByteBuffer b = scratch.buffer();
        b.clear().limit(0);
    }

    /** Opens the segment read-only; its chunks go into {@code scratch}, so one reader at a time may use it. */
    static SegmentBatchReader open(Path path, ScratchBuffer scratch) throws IOException {
        try {
            return new SegmentBatchReader(path, FileRecords.open(path.toFile(), false), scratch);
        } catch (RuntimeException e) { // e.g. a file above 2 GiB
            throw new IOException(e.getMessage(), e);
        }
    }

    long sizeInBytes() {
        return fileSize;
    }

    /** The next batch, or null when the segment ends or its next bytes do not parse (then see {@link #unreadable()}). */
    BatchInfo next() {
        current = null;
        while (!finished) {
            MutableRecordBatch b;
            try {
                b = batches != null && batches.hasNext() ? batches.next() : null;
            } catch (RuntimeException e) { // CorruptRecordException: impossible size or unknown magic
                return finish(e.getMessage());
            }
            if (b == null) {
                if (endOfFile) return finish(null);
                if (!refill()) return null;
                continue;
            }
            long position = chunkPosition + consumed;
            try {
                boolean valid = b.isValid();
                Integer count = b.countOrNull();
                BatchInfo info = new BatchInfo(path, position, b.sizeInBytes(), b.baseOffset(), b.lastOffset(),
                        b.partitionLeaderEpoch(), b.checksum(), valid, count == null ? -1 : count, b.producerId(),
                        b.producerEpoch(), b.baseSequence(), b.isControlBatch(), b.isTransactional(), b.magic());
                consumed += b.sizeInBytes();
                current = b;
                return info;
            } catch (RuntimeException e) { // a header too short for its format
                return finish("batch header does not parse: " + e.getMessage());
            }
        }
        return null;
    }

    /** Moves the unconsumed bytes to the front, reads more after them, and restarts batch iteration. */
    private boolean refill() {
        ByteBuffer old = scratch.buffer();
        int remaining = old.limit() - consumed;
        long needed = remaining >= OFFSET_AND_LENGTH ? old.getInt(consumed + 8) + (long) OFFSET_AND_LENGTH : 0;
        long start = chunkPosition + consumed;
        if (needed > 0 && start + needed > fileSize) { // a batch the file does not hold: torn (or a corrupt length)
            finish(null);
            return false;
        }
        int chunk = (int) Math.min(ScratchBuffer.CHUNK, fileSize); // small segments need no 4 MiB buffer
        ByteBuffer buf = scratch.keepAndGrow(consumed, (int) Math.max(needed, chunk));
        chunkPosition = start;
        consumed = 0;
        try {
            buf.limit(buf.capacity());
            records.readInto(buf, (int) (chunkPosition + remaining)); // reads until full or end of file, then flips
        } catch (IOException e) {
            finished = true;
            unparsed = new UnparsedTail(chunkPosition, fileSize - chunkPosition, -1, "cannot read: " + e.getMessage());
            return false;
        }
        endOfFile = chunkPosition + buf.limit() >= fileSize;
        batches = MemoryRecords.readableRecords(buf.duplicate()).batches().iterator();
        return true;
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
        long position = chunkPosition + consumed;
        if (position < fileSize) unparsed = describeTail(position, fileSize - position, error);
        return null;
    }

    /** Reads the tail's header from the chunk (its first bytes are always there when it ends the file). */
    private UnparsedTail describeTail(long position, long length, String error) {
        ByteBuffer buf = scratch.buffer();
        if (length < OFFSET_AND_LENGTH || buf.limit() - consumed < OFFSET_AND_LENGTH) {
            return new UnparsedTail(position, length, -1, error != null ? error : length + " bytes, fewer than a batch header");
        }
        long offset = buf.getLong(consumed);
        long declared = buf.getInt(consumed + 8) + (long) OFFSET_AND_LENGTH;
        String reason = error != null ? error
                : declared > length ? "batch header declares " + declared + " bytes but only " + length + " remain"
                : "bytes do not parse as a batch";
        return new UnparsedTail(position, length, offset, reason);
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
