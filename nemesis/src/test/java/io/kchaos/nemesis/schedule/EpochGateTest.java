package io.kchaos.nemesis.schedule;

import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.cluster.Coordinated;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** coordinator-epoch-at: open once any transactional id's coordinator reports the epoch, and for good. */
class EpochGateTest {
    private static final Coordinated TXN_0 = new Coordinated(Coordinated.Kind.TRANSACTION, "kchaos-txn-0");
    private static final Coordinated TXN_1 = new Coordinated(Coordinated.Kind.TRANSACTION, "kchaos-txn-1");

    private static FakeCluster cluster() {
        return new FakeCluster(3, List.of(List.of(1, 2, 3))).coordinating(TXN_0, 1).coordinating(TXN_1, 2);
    }

    @Test
    void aBoundOfZeroIsOpenWithoutAsking() {
        assertTrue(new EpochGate(0).open(cluster()));
    }

    @Test
    void itOpensWhenOneTransactionalIdReachesTheBoundAndStaysOpenAfterTheRotation() {
        FakeCluster c = cluster().producerEpoch(TXN_0, 32_765).producerEpoch(TXN_1, 12);
        EpochGate gate = new EpochGate(32_766);
        assertFalse(gate.open(c), "below the bound");
        c.producerEpoch(TXN_0, 32_766);
        assertTrue(gate.open(c));
        c.producerEpoch(TXN_0, 0); // the new producer id, epoch 0
        assertTrue(gate.open(c), "latched");
    }

    @Test
    void anUnknownEpochOrAGroupTargetNeverOpensIt() {
        Coordinated group = new Coordinated(Coordinated.Kind.GROUP, "kchaos-group");
        FakeCluster c = cluster().coordinating(group, 3).producerEpoch(group, 40_000);
        assertFalse(new EpochGate(32_766).open(c), "no transactional id's epoch known, and a group has none");
    }
}
