package io.kchaos.cluster.os;

import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FreePortsTest {
    /** The kernel's own choices repeat within 1,000 asks (birthday odds over ~14,000 ports); the handed-out ones must not. */
    @Test
    void thousandPortsInARowAreDistinct() {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) assertTrue(seen.add(FreePorts.next()), "port handed out twice after " + i + " asks");
    }

    @Test
    void aRepeatOfTheSourceIsAskedAgain() {
        PrimitiveIterator.OfInt ports = IntStream.of(5000, 5000, 5001).iterator();
        FreePorts free = new FreePorts(ports::nextInt);
        assertEquals(5000, free.take());
        assertEquals(5001, free.take(), "the kernel's repeat of 5000 is not handed out");
    }

    @Test
    void onlyTheRecentPortsAreRemembered() {
        PrimitiveIterator.OfInt ports = IntStream.concat(IntStream.range(0, FreePorts.REMEMBERED + 1), IntStream.of(0)).iterator();
        FreePorts free = new FreePorts(ports::nextInt);
        for (int i = 0; i <= FreePorts.REMEMBERED; i++) free.take();
        assertEquals(0, free.take(), "the oldest port is free to hand out again once it is no longer among the recent ones");
    }

    @Test
    void aSourceOfOnlyRecentPortsIsRefusedInOneLine() {
        FreePorts free = new FreePorts(() -> 7000);
        free.take();
        UncheckedIOException e = assertThrows(UncheckedIOException.class, free::take);
        assertTrue(e.getMessage().contains("no free port"), e.getMessage());
    }
}
