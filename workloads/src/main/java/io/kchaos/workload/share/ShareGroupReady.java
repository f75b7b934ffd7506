package io.kchaos.workload.share;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The share group's cold start, before the run's clock and faults begin: the brokers create {@code __share_group_state}
 * (50 partitions) on the group's first fetch, load its share coordinators and initialize the share-partitions, and
 * nothing is delivered until then: 19–27 s on a loaded 2-core machine, where a fault in that window left short runs
 * with nothing delivered at all. Waits for the group's first delivery. (The group's start offsets are no sign: 4.4.0
 * reported none for an empty topic after 90 s of polling.)
 */
final class ShareGroupReady {
    private static final long RETRY_MILLIS = 100;

    private ShareGroupReady() {
    }

    /** Waits until {@code deliveries} is above zero; false when {@code timeout} passed first. */
    static boolean await(LongSupplier deliveries, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (deliveries.getAsLong() == 0) {
            if (System.nanoTime() - deadline >= 0) return false;
            Thread.sleep(RETRY_MILLIS);
        }
        return true;
    }
}
