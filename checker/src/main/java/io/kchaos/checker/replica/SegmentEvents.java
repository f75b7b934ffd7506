package io.kchaos.checker.replica;

import java.io.IOException;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reads a partition's segment files in base-offset order as {@link LogEvent}s: each batch, and the unparseable bytes
 * that end a segment early. Holds at most one batch in memory.
 */
final class SegmentEvents implements LogCursor.Events {
    private final List<Segment> segments;
    private int nextSegment;
    private Segment segment;
    private SegmentBatchReader reader;
    private long bytesScanned;
    private final SegmentBatchReader.ScratchBuffer scratch = new SegmentBatchReader.ScratchBuffer();

    SegmentEvents(List<Segment> segments) {
        this.segments = List.copyOf(segments);
    }

    @Override
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

    @Override
    public void readRecords(Predicate<LogRecord> visitor) {
        if (reader == null) throw new IllegalStateException("no current batch");
        reader.readRecords(visitor);
    }

    @Override
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
