package io.kchaos.backend.local.storage;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SyncMarksTest {

    private static SyncMarks marks(String... lines) {
        SyncMarks m = new SyncMarks();
        for (String l : lines) m.apply(l);
        return m;
    }

    @Test
    void neverSyncedIsZero() {
        assertEquals(0, marks("S 7 100").durableLength(8));
    }

    @Test
    void theHighestSyncWinsEvenOutOfOrder() {
        assertEquals(120, marks("S 7 100", "S 7 120", "S 7 110").durableLength(7));
    }

    @Test
    void aTruncateLowersTheMarkAndALaterSyncRaisesIt() {
        assertEquals(50, marks("S 7 100", "T 7 50").durableLength(7));
        assertEquals(80, marks("S 7 100", "T 7 50", "S 7 80").durableLength(7));
    }

    @Test
    void extendingNeverRaisesTheMark() {
        assertEquals(100, marks("S 7 100", "T 7 10485760").durableLength(7));
        assertEquals(0, marks("T 7 10485760").durableLength(7));
    }

    @Test
    void tornOrForeignLinesAreIgnoredAndUnidentifiedSyncsCounted() {
        SyncMarks m = marks("S 7 100", "S 7 9", "S 7", "X 7 500", "", "E channel: closed descriptor");
        assertEquals(100, m.durableLength(7));
        assertEquals(1, m.unidentified());
    }
}
