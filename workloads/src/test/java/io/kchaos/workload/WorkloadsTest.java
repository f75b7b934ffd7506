package io.kchaos.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkloadsTest {
    @Test
    void queueIsKnownByName() {
        assertEquals("queue", Workloads.create("queue").name());
        assertTrue(Workloads.names().contains("queue"));
    }

    @Test
    void unknownNameIsRejectedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Workloads.create("qeue"));
        assertEquals("unknown workload 'qeue'; known: [queue]", e.getMessage());
    }
}
