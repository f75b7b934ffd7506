package io.kchaos.cluster;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuorumDiagnosisTest {
    private static QuorumDiagnosis answered(int leader, Optional<Short> mv) {
        return new QuorumDiagnosis(OptionalInt.of(leader), 2, OptionalLong.of(12), mv, Optional.empty());
    }

    @Test
    void aQuorumWithoutMetadataVersionIsNamedAsTheLostBootstrap() {
        QuorumDiagnosis none = answered(4, Optional.empty());
        assertTrue(none.lostBootstrap());
        assertEquals("; the quorum: leader 4 in epoch 2, high watermark 12, no metadata.version finalized — the bootstrap records were lost to a "
                + "leader change during the controller's activation (KAFKA-20839)", none.clause());
        assertTrue(answered(4, Optional.of((short) 1)).lostBootstrap(), "3.0-IV1, where KAFKA-20839 leaves it");
    }

    @Test
    void aHealthyQuorumIsDescribedWithoutNamingABug() {
        QuorumDiagnosis ok = answered(3, Optional.of((short) 27));
        assertFalse(ok.lostBootstrap());
        assertEquals("; the quorum: leader 3 in epoch 2, high watermark 12, metadata.version level 27", ok.clause());
    }

    @Test
    void noLeaderOrNoAnswerIsSaidAsSuch() {
        QuorumDiagnosis leaderless = new QuorumDiagnosis(OptionalInt.empty(), 5, OptionalLong.empty(), Optional.empty(), Optional.empty());
        assertFalse(leaderless.lostBootstrap(), "without a leader nothing was activated");
        assertEquals("; the quorum has no leader (epoch 5)", leaderless.clause());
        QuorumDiagnosis silent = new QuorumDiagnosis(OptionalInt.empty(), -1, OptionalLong.empty(), Optional.empty(), Optional.of("Timed out"));
        assertFalse(silent.lostBootstrap());
        assertEquals("; the quorum did not answer at its controllers: Timed out", silent.clause());
    }
}
