package io.kchaos.checker.queue;

import java.util.HashMap;
import java.util.Map;

/**
 * One client process's last positions per partition: as a producer, as a polling consumer and as a drainer (drains
 * read from the log start, so they are tracked apart from polls).
 */
final class ProcessCursors {
    final Map<Integer, Cursor> sends = new HashMap<>(8);
    final Map<Integer, Cursor> polls = new HashMap<>(8);
    final Map<Integer, Cursor> drains = new HashMap<>(8);
    /** The {@link ProcessCursorStore} lookup that last handed these cursors out. */
    long lastLookup;

    /** The cursors that reads of this kind move. */
    Map<Integer, Cursor> reads(QueueLedger.ReadKind kind) {
        return kind == QueueLedger.ReadKind.DRAIN ? drains : polls;
    }

    /** Whether no cursor is set (a fresh process, or every read cursor forgotten by seeks and no send acknowledged). */
    boolean isEmpty() {
        return sends.isEmpty() && polls.isEmpty() && drains.isEmpty();
    }
}
