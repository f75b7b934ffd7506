package io.kchaos.harness.run;

import io.kchaos.checker.ComposedChecker;
import io.kchaos.history.ClientOps;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkloadKindTest {
    @Test
    void everyWorkloadIsKnownByNameAndMadeByItsEntry() {
        assertEquals(List.of("acl", "group", "metadata", "queue", "share", "txn"), WorkloadKind.names());
        for (String name : WorkloadKind.names()) assertEquals(name, WorkloadKind.of(name).create().name());
    }

    @Test
    void onlyTheTxnGroupAndShareWorkloadsNameCoordinatorTargetsOnceStarted() {
        assertEquals(List.of(), WorkloadKind.QUEUE.create().transactionalIds());
        assertEquals(List.of("kchaos-group"), WorkloadKind.GROUP.create().groupIds());
        assertEquals(List.of("kchaos-share"), WorkloadKind.SHARE.create().shareGroupIds());
        assertEquals(List.of(), WorkloadKind.GROUP.create().shareGroupIds());
    }

    @Test
    void unknownNameIsRejectedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadKind.of("qeue"));
        assertEquals("unknown workload 'qeue'; known: [acl, group, metadata, queue, share, txn]", e.getMessage());
    }

    @Test
    void eachWorkloadHasItsCheckers() {
        for (WorkloadKind k : WorkloadKind.values()) assertTrue(k.historyChecker() instanceof ComposedChecker, k.name());
    }

    @Test
    void opsOwnedByOneWorkloadTellItAndSharedOpsTellNone() {
        assertEquals(Optional.of(WorkloadKind.TXN), WorkloadKind.owningOp(ClientOps.TXN));
        assertEquals(Optional.of(WorkloadKind.TXN), WorkloadKind.owningOp(ClientOps.TXN_INIT), "a history of initializations only is a txn history");
        assertEquals(Optional.of(WorkloadKind.GROUP), WorkloadKind.owningOp(ClientOps.COMMIT));
        assertEquals(Optional.of(WorkloadKind.SHARE), WorkloadKind.owningOp(ClientOps.SHARE_ACK));
        assertEquals(Optional.of(WorkloadKind.METADATA), WorkloadKind.owningOp(ClientOps.CREATE_TOPIC));
        assertEquals(Optional.of(WorkloadKind.METADATA), WorkloadKind.owningOp(ClientOps.METADATA_QUORUM));
        assertEquals(Optional.empty(), WorkloadKind.owningOp(ClientOps.SEND));
        assertEquals(Optional.empty(), WorkloadKind.owningOp(ClientOps.POLL));
    }
}
