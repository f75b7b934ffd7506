package io.kchaos.nemesis.cluster;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EffectWaitTest {
    @Test
    void returnsTheFirstObservationThatHolds() {
        AtomicInteger looks = new AtomicInteger();
        // an effect that takes a few looks to show, like threads stopping one by one after SIGSTOP
        int seen = EffectWait.until("stopped", Duration.ofSeconds(5), looks::incrementAndGet, n -> n >= 4, n -> n + " looks");
        assertEquals(4, seen);
        assertEquals(4, looks.get(), "no look after the effect held");
    }

    @Test
    void anEffectNeverSeenIsNotHeldWithTheLastObservation() {
        AtomicInteger looks = new AtomicInteger();
        FaultNotHeld e = assertThrows(FaultNotHeld.class,
                () -> EffectWait.until("node 2 paused", Duration.ofMillis(200), looks::incrementAndGet, n -> false, n -> "look " + n));
        assertTrue(e.getMessage().startsWith("node 2 paused: not seen within 200 ms; last seen: look "), e.getMessage());
        assertTrue(e.getMessage().endsWith("look " + looks.get()), "the last observation is the one named: " + e.getMessage());
        assertTrue(looks.get() >= 3, "it kept looking until the bound: " + looks.get());
    }

    @Test
    void anInterruptEndsTheWaitAsNotHeldAndKeepsTheFlag() {
        Thread.currentThread().interrupt();
        try {
            FaultNotHeld e = assertThrows(FaultNotHeld.class,
                    () -> EffectWait.until("resumed", Duration.ofSeconds(30), () -> "2 of 40 threads stopped", s -> false, s -> s));
            assertTrue(e.getMessage().contains("interrupted"), e.getMessage());
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }
}
