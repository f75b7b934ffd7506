package io.kchaos.checker.queue;

import java.util.Map;

/**
 * The cursors of processes that have been idle for a while, each process's encoded once as varints of differences
 * (partition, offset, value and history index from the cursor before) in a {@link VarLongLog}: tens of bytes per
 * process instead of hundreds of bytes of maps and objects. A process taken back out leaves its bytes behind.
 */
final class CursorArchive {
    private static final long TAKEN = -1;

    private final LongIntMap slots = new LongIntMap(1024);
    private final LongColumn positions = new LongColumn(1024);
    private final VarLongLog log = new VarLongLog();

    /** Archives the cursors of a process not archived now (never archived, or taken out since). */
    void put(int process, ProcessCursors cursors) {
        int fresh = slots.size();
        int slot = slots.putIfAbsent(process, fresh);
        if (slot == fresh && slot == positions.capacity()) positions.growTo(slot + 1);
        if (slot != fresh && positions.get(slot) != TAKEN) {
            throw new IllegalStateException("process " + process + " is archived already");
        }
        positions.set(slot, log.end());
        if (slot == fresh) positions.packBehind(slot + 1);
        Delta d = new Delta();
        write(cursors.sends, d);
        write(cursors.polls, d);
        write(cursors.drains, d);
    }

    /** The archived cursors of process, which are no longer archived; null when none are. */
    ProcessCursors take(int process) {
        int slot = slots.get(process);
        if (slot == LongIntMap.ABSENT) return null;
        long position = positions.get(slot);
        if (position == TAKEN) return null;
        positions.set(slot, TAKEN);
        VarLongLog.Reader in = log.reader(position);
        ProcessCursors cursors = new ProcessCursors();
        Delta d = new Delta();
        read(in, cursors.sends, d);
        read(in, cursors.polls, d);
        read(in, cursors.drains, d);
        return cursors;
    }

    private void write(Map<Integer, Cursor> cursors, Delta d) {
        log.append(cursors.size());
        for (Map.Entry<Integer, Cursor> e : cursors.entrySet()) {
            Cursor c = e.getValue();
            log.append(e.getKey() - d.partition);
            log.append(c.offset - d.offset);
            log.append(c.value - d.value);
            log.append(c.index - d.index);
            d.follow(e.getKey(), c.offset, c.value, c.index);
        }
    }

    private static void read(VarLongLog.Reader in, Map<Integer, Cursor> into, Delta d) {
        for (long n = in.next(); n > 0; n--) {
            int partition = (int) (d.partition + in.next());
            long offset = d.offset + in.next();
            long value = d.value + in.next();
            long index = d.index + in.next();
            into.put(partition, new Cursor(offset, value, index));
            d.follow(partition, offset, value, index);
        }
    }

    /** The cursor written or read before, which the next one is encoded against (differences wrap, losing nothing). */
    private static final class Delta {
        int partition;
        long offset;
        long value;
        long index;

        void follow(int partition, long offset, long value, long index) {
            this.partition = partition;
            this.offset = offset;
            this.value = value;
            this.index = index;
        }
    }
}
