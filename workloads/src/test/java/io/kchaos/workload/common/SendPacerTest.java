package io.kchaos.workload.common;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SendPacerTest {
    private static final long MS = 1_000_000L;

    @Test
    void spacesSendsEvenly() {
        SendPacer p = new SendPacer(100); // one per 10 ms
        assertEquals(0, p.reserve(0));
        assertEquals(10 * MS, p.reserve(0));
        assertEquals(20 * MS, p.reserve(5 * MS));
    }

    @Test
    void noBurstAfterAStall() {
        SendPacer p = new SendPacer(100);
        p.reserve(0);
        assertEquals(1000 * MS, p.reserve(1000 * MS));
        assertEquals(1010 * MS, p.reserve(1000 * MS), "the stalled second is not made up");
    }

    @Test
    void zeroRateIsUnlimited() {
        SendPacer p = new SendPacer(0);
        assertEquals(7, p.reserve(7));
        assertEquals(7, p.reserve(7));
    }
}
