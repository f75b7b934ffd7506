package io.kchaos.workload.queue;

import org.junit.jupiter.api.Test;

import java.util.function.IntPredicate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** idle-partitions=N leaves the run's topic's last N partitions unwritten, and never all of them. */
class IdlePartitionsTest {
    @Test
    void theLastPartitionsOfTheRunsTopicAreIdleAndTheRestWritten() {
        IntPredicate written = QueueWorkload.written(3, 1);
        assertTrue(written.test(0));
        assertTrue(written.test(1));
        assertFalse(written.test(2));
        assertTrue(written.test(3), "a gained partition, or the second topic's first");
        assertTrue(QueueWorkload.written(3, 0).test(2), "none idle by default");
    }

    @Test
    void leavingEveryPartitionIdleIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> QueueWorkload.written(2, 2));
    }
}
