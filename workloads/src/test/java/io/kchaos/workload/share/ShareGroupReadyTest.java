package io.kchaos.workload.share;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cold-start wait: returns at the group's first delivery, or false once the timeout passed with none. */
class ShareGroupReadyTest {
    @Test
    void returnsAtTheFirstDelivery() throws Exception {
        AtomicLong delivered = new AtomicLong();
        Thread later = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            delivered.set(1);
        });
        later.start();
        long t0 = System.nanoTime();
        assertTrue(ShareGroupReady.await(delivered::get, Duration.ofSeconds(30)));
        assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(10).toNanos(), "returned at the delivery, not the timeout");
        later.join();
    }

    @Test
    void givesUpAfterTheTimeoutWithoutADelivery() throws Exception {
        assertFalse(ShareGroupReady.await(() -> 0, Duration.ofMillis(250)));
    }
}
