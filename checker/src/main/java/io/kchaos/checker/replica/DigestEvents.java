package io.kchaos.checker.replica;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Predicate;

/**
 * Replays one partition's events from a replica digest as a {@link LogCursor} source: the batches and unreadable
 * regions in the order the host's cursor found them, the bytes it scanned, and for a batch the records at
 * acknowledged offsets, ending with the same parse failure where the host's reading hit one.
 */
final class DigestEvents implements LogCursor.Events {
    /** One entry of the replay. */
    sealed interface Entry permits Scanned, Event {
    }

    /** The cursor's scanned-bytes total from here on. */
    record Scanned(long bytes) implements Entry {
    }

    /** A batch or unreadable region; {@code records} null when the host did not read the batch's records. */
    record Event(LogEvent event, Records records) implements Entry {
    }

    /** The records read at acknowledged offsets; {@code corrupt} the failure that ended the reading, after {@code lastVisited}. */
    record Records(List<Rec> records, String corrupt, long lastVisited) {
    }

    /** One record: its offset and value (null for a null value). */
    record Rec(long offset, byte[] value) {
    }

    private final List<Entry> entries;
    private int next;
    private long scanned;
    private Event current;

    DigestEvents(List<Entry> entries) {
        this.entries = entries;
    }

    @Override
    public LogEvent next() {
        current = null;
        while (next < entries.size()) {
            Entry e = entries.get(next++);
            if (e instanceof Scanned s) {
                scanned = s.bytes();
            } else {
                current = (Event) e;
                return current.event();
            }
        }
        return null;
    }

    @Override
    public void readRecords(Predicate<LogRecord> visitor) {
        if (current == null || !(current.event() instanceof BatchInfo b)) throw new IllegalStateException("no current batch");
        Records r = current.records();
        if (r == null) {
            throw new IllegalStateException("the replica digest holds no records of the batch at offset " + b.baseOffset()
                    + ": make it with the history's acknowledged offsets");
        }
        long last = -1;
        for (Rec rec : r.records()) {
            last = rec.offset();
            ByteBuffer value = rec.value() == null ? null : ByteBuffer.wrap(rec.value()).asReadOnlyBuffer();
            if (!visitor.test(new LogRecord(rec.offset(), null, value))) return;
        }
        if (r.corrupt() == null) return;
        // the host visited a record (not acknowledged, so not carried) after the last carried one: its offset alone
        // moves the check as that record did
        if (r.lastVisited() > last && !visitor.test(new LogRecord(r.lastVisited(), null, null))) return;
        throw CorruptRecordsException.fromMessage(r.corrupt());
    }

    @Override
    public long bytesScanned() {
        return scanned;
    }

    @Override
    public void close() {
        current = null;
    }
}
