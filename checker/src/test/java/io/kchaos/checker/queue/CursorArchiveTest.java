package io.kchaos.checker.queue;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link CursorArchive} and {@link ProcessCursorStore}: cursors come back exactly as they were archived, once. */
class CursorArchiveTest {
    @Test
    void cursorsOfEveryKindComeBackExactlyWithEdgeValues() {
        ProcessCursors c = new ProcessCursors();
        c.sends.put(0, new Cursor(Long.MAX_VALUE, Long.MIN_VALUE, 0));
        c.sends.put(Integer.MIN_VALUE, new Cursor(-1, Long.MAX_VALUE, Long.MAX_VALUE));
        c.polls.put(Integer.MAX_VALUE, new Cursor(Long.MIN_VALUE, -1, 1));
        c.polls.put(3, new Cursor(7, 8, 9));
        c.drains.put(-5, new Cursor(0, 0, Long.MIN_VALUE));
        CursorArchive archive = new CursorArchive();
        archive.put(Integer.MIN_VALUE, c);
        archive.put(12, new ProcessCursors());
        ProcessCursors back = archive.take(Integer.MIN_VALUE);
        assertSame(c.sends, back.sends);
        assertSame(c.polls, back.polls);
        assertSame(c.drains, back.drains);
        assertNull(archive.take(Integer.MIN_VALUE), "taken out: no longer archived");
        assertEquals(0, archive.take(12).sends.size());
        assertNull(archive.take(13), "never archived");
    }

    @Test
    void aProcessTakenOutCanBeArchivedAgainButNotTwice() {
        CursorArchive archive = new CursorArchive();
        for (int p = 0; p < 5000; p++) archive.put(p, cursors(p));
        ProcessCursors taken = archive.take(42);
        taken.sends.get(1).move(99, 100, 101);
        archive.put(42, taken);
        assertThrows(IllegalStateException.class, () -> archive.put(42, taken));
        assertEquals(99, archive.take(42).sends.get(1).offset);
        for (int p = 0; p < 5000; p++) {
            if (p != 42) assertSame(cursors(p).sends, archive.take(p).sends);
        }
    }

    @Test
    void theStoreArchivesIdleProcessesAndHandsThemBackUnchanged() {
        ProcessCursorStore store = new ProcessCursorStore();
        store.of(1).sends.put(2, new Cursor(10, 20, 30));
        store.of(2); // left empty: dropped when idle, and fresh again after
        for (int i = 0; i < 2 * ProcessCursorStore.IDLE_LAG; i++) store.of(1000 + i % 3); // idle checked every IDLE_LAG lookups
        assertEquals(3, store.activeCount(), "processes 1 and 2 fell idle");
        Cursor c = store.of(1).sends.get(2);
        assertEquals(10, c.offset);
        assertEquals(20, c.value);
        assertEquals(30, c.index);
        assertEquals(true, store.of(2).isEmpty());
    }

    private static ProcessCursors cursors(int p) {
        ProcessCursors c = new ProcessCursors();
        for (int partition = 0; partition < 6; partition++) {
            c.sends.put(partition, new Cursor(p * 10L + partition, p * 100L - partition, p * 1000L));
        }
        if (p % 3 == 0) c.polls.put(p % 6, new Cursor(p, p + 1, p + 2));
        return c;
    }

    private static void assertSame(Map<Integer, Cursor> expected, Map<Integer, Cursor> actual) {
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((partition, c) -> {
            Cursor a = actual.get(partition);
            assertEquals(c.offset, a.offset, "offset in " + partition);
            assertEquals(c.value, a.value, "value in " + partition);
            assertEquals(c.index, a.index, "index in " + partition);
        });
    }
}
