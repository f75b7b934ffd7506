package io.kchaos.backend.local.storage;

import io.kchaos.nemesis.cluster.PowerControl.LieScope;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SyncMarksTest {

    private static SyncMarks marks(String... lines) {
        SyncMarks m = new SyncMarks();
        for (String l : lines) m.apply(l);
        return m;
    }

    @Test
    void neverSyncedIsZero() {
        assertEquals(0, marks("S 7 100").durableLength(8));
    }

    @Test
    void theHighestSyncWinsEvenOutOfOrder() {
        assertEquals(120, marks("S 7 100", "S 7 120", "S 7 110").durableLength(7));
    }

    @Test
    void aTruncateLowersTheMarkAndALaterSyncRaisesIt() {
        assertEquals(50, marks("S 7 100", "T 7 50").durableLength(7));
        assertEquals(80, marks("S 7 100", "T 7 50", "S 7 80").durableLength(7));
    }

    @Test
    void extendingNeverRaisesTheMark() {
        assertEquals(100, marks("S 7 100", "T 7 10485760").durableLength(7));
        assertEquals(0, marks("T 7 10485760").durableLength(7));
    }

    @Test
    void tornOrForeignLinesAreIgnoredAndUnidentifiedSyncsCounted() {
        SyncMarks m = marks("S 7 100", "S 7 9", "S 7", "X 7 500", "", "E channel: closed descriptor");
        assertEquals(100, m.durableLength(7));
        assertEquals(1, m.unidentified());
    }

    private static final String METADATA_LOG = "__cluster_metadata-0/00000000000000000000.log";
    private static final String DATA_LOG = "t-0/00000000000000000000.log";

    @Test
    void aSyncAfterTheLieIsClaimedButNotHonoured() {
        SyncMarks m = marks("S 7 100", "L node", "S 7 300");
        assertEquals(300, m.durableLength(7), "Kafka's fsync still succeeded");
        assertEquals(100, m.survivingLength(7, DATA_LOG), "negative control: the sync after the lie is dropped at the cut");
        assertEquals(Optional.of(LieScope.NODE), m.lie());
    }

    @Test
    void aSyncBeforeTheLieIsKeptAndAFileFirstSyncedDuringTheLieSurvivesEmpty() {
        SyncMarks m = marks("S 7 100", "S 7 150", "L node", "S 8 40");
        assertEquals(150, m.survivingLength(7, DATA_LOG), "positive control: what was synced before the lie survives");
        assertEquals(0, m.survivingLength(8, DATA_LOG));
    }

    @Test
    void anHonestJournalIsUnaffected() {
        SyncMarks m = marks("S 7 100", "S 7 300", "T 7 200");
        assertEquals(200, m.survivingLength(7, DATA_LOG));
        assertEquals(200, m.survivingLength(7, METADATA_LOG));
        assertEquals(Optional.empty(), m.lie());
    }

    @Test
    void aMetadataLieCoversOnlyTheMetadataLog() {
        SyncMarks m = marks("S 7 100", "S 9 100", "L metadata", "S 7 300", "S 9 300");
        assertEquals(100, m.survivingLength(7, METADATA_LOG));
        assertEquals(300, m.survivingLength(9, DATA_LOG), "a data partition's sync is honoured");
    }

    @Test
    void aTruncateDuringTheLiePersistsAndASecondLieKeepsTheFirstStart() {
        SyncMarks m = marks("S 7 100", "L node", "S 7 300", "T 7 60", "L node", "S 7 400");
        assertEquals(60, m.survivingLength(7, DATA_LOG), "truncating is a metadata operation, which persists");
    }

    @Test
    void theEndOfTheLieFallsBackToWhatWasHonouredAndLaterSyncsCountAgain() {
        SyncMarks m = marks("S 7 100", "L node", "S 7 300", "H");
        assertEquals(Optional.empty(), m.lie());
        assertEquals(100, m.durableLength(7), "the lied-about claim is forgotten");
        m.apply("S 7 120");
        assertEquals(120, m.survivingLength(7, DATA_LOG), "an honest disk again");
    }

    @Test
    void anUnknownScopeIsNoLie() {
        assertEquals(Optional.empty(), marks("L everything", "S 7 10").lie());
    }
}
