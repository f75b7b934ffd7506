package io.kchaos.checker.queue;

import java.util.HashMap;
import java.util.Map;

/**
 * Every client process's {@link ProcessCursors}: those touched within the last {@link #IDLE_LAG} lookups as objects,
 * the others in a {@link CursorArchive}, from which a lookup takes them back unchanged. A history gives each worker a
 * new process after an indeterminate op, so most processes fall idle for good; this keeps them small without
 * forgetting any.
 */
final class ProcessCursorStore {
    /** Lookups after which an untouched process is archived: some seconds of a full-rate run. */
    static final int IDLE_LAG = 1 << 16;

    private final Map<Integer, ProcessCursors> active = new HashMap<>();
    private final CursorArchive archive = new CursorArchive();
    private long lookups;

    /** The cursors of process (empty on first mention), which the caller may change until its next lookup. */
    ProcessCursors of(int process) {
        lookups++;
        ProcessCursors cursors = active.get(process);
        if (cursors == null) {
            cursors = archive.take(process);
            if (cursors == null) cursors = new ProcessCursors();
            active.put(process, cursors);
        }
        cursors.lastLookup = lookups;
        if (lookups % IDLE_LAG == 0) archiveIdle();
        return cursors;
    }

    /** How many processes are held as objects now (the others are archived). */
    int activeCount() {
        return active.size();
    }

    private void archiveIdle() {
        active.entrySet().removeIf(e -> {
            ProcessCursors cursors = e.getValue();
            if (lookups - cursors.lastLookup < IDLE_LAG) return false;
            if (!cursors.isEmpty()) archive.put(e.getKey(), cursors);
            return true;
        });
    }
}
