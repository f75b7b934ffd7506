package io.kchaos.checker.replica;

import java.util.List;
import java.util.function.Predicate;

/**
 * Streams a partition's log in offset order as {@link LogEvent}s: each batch, and the unparseable bytes that end a
 * segment early. The events come from the segment files themselves, or from a replica digest made of them on another
 * host ({@link Events}); the audit cannot tell the two apart.
 */
public final class LogCursor implements AutoCloseable {
    /** Where a cursor's events come from. */
    public interface Events extends AutoCloseable {
        /** The next batch or unparseable region, or null at the end of the log. */
        LogEvent next();

        /** Visits the records of the batch returned last, as {@link LogCursor#readRecords} describes. */
        void readRecords(Predicate<LogRecord> visitor);

        /** Bytes of the segments opened so far. */
        long bytesScanned();

        @Override
        void close();
    }

    private final Events events;

    /** A cursor over the given segment files, which must be sorted by base offset. */
    public LogCursor(List<Segment> segments) {
        this(new SegmentEvents(segments));
    }

    /** A cursor over events from elsewhere (a replica digest). */
    public LogCursor(Events events) {
        this.events = events;
    }

    /** The next batch or unparseable region, or null after the last segment. */
    public LogEvent next() {
        return events.next();
    }

    /**
     * Visits the records of the batch {@link #next()} returned last (decompressing it if needed), in offset order,
     * until the visitor returns false; throws {@link CorruptRecordsException} when they do not parse. Each
     * {@link LogRecord} is only valid during its visit.
     */
    public void readRecords(Predicate<LogRecord> visitor) {
        events.readRecords(visitor);
    }

    /** Bytes of the segments opened so far (each read once). */
    public long bytesScanned() {
        return events.bytesScanned();
    }

    @Override
    public void close() {
        events.close();
    }
}
