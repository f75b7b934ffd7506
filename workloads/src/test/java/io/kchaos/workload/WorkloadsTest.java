package io.kchaos.workload;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WorkloadsTest {
    @Test
    void everyWorkloadIsKnownByName() {
        assertEquals(List.of("group", "queue", "share", "txn"), Workloads.names());
        for (String name : Workloads.names()) assertEquals(name, Workloads.create(name).name());
    }

    @Test
    void onlyTheTxnGroupAndShareWorkloadsNameCoordinatorTargetsOnceStarted() {
        assertEquals(List.of(), Workloads.create("queue").transactionalIds());
        assertEquals(List.of("kchaos-group"), Workloads.create("group").groupIds());
        assertEquals(List.of("kchaos-share"), Workloads.create("share").shareGroupIds());
        assertEquals(List.of(), Workloads.create("group").shareGroupIds());
    }

    @Test
    void unknownNameIsRejectedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Workloads.create("qeue"));
        assertEquals("unknown workload 'qeue'; known: [group, queue, share, txn]", e.getMessage());
    }
}
