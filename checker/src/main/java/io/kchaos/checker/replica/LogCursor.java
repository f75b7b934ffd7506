package io.kchaos.checker.replica;

import java.io.IOException;
import java.util.List;
import java.util.function.Predicate;

/**
 * Streams a partition's segments in base-offset order as {@link LogEvent}s: each batch, and the unparseable bytes that
 * end a segment early. Holds at most one batch in memory.
 */
public final class LogCursor implements AutoCloseable {
    private final List<Segment> segments;
    private int nextSegment;
    private Segment segment;
    private SegmentBatchReader reader;
    private long bytesScanned;
    private final SegmentBatchReader.ScratchBuffer scratch = new SegmentBatchReader.ScratchBuffer();

    /** A cursor over the given segments, which must be sorted by base offset. */
    public LogCursor(List<Segment> segments) {
        this.segments = List.copyOf(segments);
    }

    /** The next batch or unparseable region, or null after the last segment. */
    public LogEvent next() {
        while (true) {
            if (reader == null) {
                if (nextSegment >= segments.size()) return null;
                segment = segments.get(nextSegment++);
                try {
                    reader = SegmentBatchReader.open(segment.path(), scratch);
                } catch (IOException e) {
                    return new UnreadableBytes(segment.path(), 0, segment.path().toFile().length(), -1,
                            nextSegmentBaseOffset(), "cannot open: " + e.getMessage());
                }
                bytesScanned += reader.sizeInBytes();
            }
            BatchInfo batch = reader.next();
            if (batch != null) return batch;
            SegmentBatchReader.UnparsedTail tail = reader.unreadable();
            reader.close();
            reader = null;
            if (tail != null) {
                return new UnreadableBytes(segment.path(), tail.position(), tail.length(), tail.offsetHint(),
                        nextSegmentBaseOffset(), tail.reason());
            }
        }
    }

    /**
     * Visits the records of the batch {@link #next()} returned last (decompressing it if needed), in offset order,
     * until the visitor returns false; throws {@link CorruptRecordsException} when they do not parse. Each
     * {@link LogRecord} is only valid during its visit.
     */
    public void readRecords(Predicate<LogRecord> visitor) {
        if (reader == null) throw new IllegalStateException("no current batch");
        reader.readRecords(visitor);
    }

    /** Bytes of the segments opened so far (each read once). */
    public long bytesScanned() {
        return bytesScanned;
    }

    private long nextSegmentBaseOffset() {
        return nextSegment < segments.size() ? segments.get(nextSegment).baseOffset() : -1;
    }

    @Override
    public void close() {
        if (reader != null) reader.close();
        reader = null;
    }
}
