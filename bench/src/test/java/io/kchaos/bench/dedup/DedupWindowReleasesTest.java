package io.kchaos.bench.dedup;

import io.kchaos.cluster.version.MavenKafkaResolver;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The duplicate-window probe on the default broker's own ProducerStateManager, and how its answers are read. */
class DedupWindowReleasesTest {

    @Test
    void theDefaultBrokersSnapshotRoundTripKeepsOnlyTheLastBatch() throws Exception {
        DedupWindowOutcome outcome = DedupWindowReleases.run(new MavenKafkaResolver(MavenKafkaResolver.defaultLocalRepository()), "4.4.0");
        assertEquals("kafka-storage-4.4.0.jar", outcome.storageJar());
        // positive control: before the restart the broker recognises a retry of any of the last five batches
        assertEquals("1,2,3,4,5", outcome.windowBefore());
        assertEquals("DUPLICATE@1", outcome.retryBefore());
        // the finding: after the snapshot round trip only the last one, and the older retry is refused
        assertEquals("5", outcome.windowAfter());
        assertTrue(outcome.retryAfter().startsWith("OUT_OF_ORDER_SEQUENCE_NUMBER(Out of order sequence number for producer 1000"), outcome.retryAfter());
        assertTrue(outcome.affected());
    }

    @Test
    void aReleaseThatKeepsTheWindowIsNotAffected() {
        DedupWindowOutcome fixed = DedupWindowOutcome.parse("9.9.9",
                "storage-jar=kafka-storage-9.9.9.jar\twindow-before=1,2,3,4,5\twindow-after=1,2,3,4,5\tretry-before=DUPLICATE@1\tretry-after=DUPLICATE@1");
        assertFalse(fixed.affected());
        assertTrue(fixed.tableRow().endsWith("| not affected |"), fixed.tableRow());
    }

    @Test
    void aRetryAppendedAgainIsNotThisFinding() {
        DedupWindowOutcome other = DedupWindowOutcome.parse("9.9.9",
                "storage-jar=x.jar\twindow-before=1,2,3,4,5\twindow-after=-\tretry-before=DUPLICATE@1\tretry-after=APPENDED-AGAIN");
        assertFalse(other.affected());
    }

    @Test
    void aProbeLineWithoutItsFieldsIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DedupWindowOutcome.parse("4.4.0", "storage-jar=x.jar"));
        assertTrue(e.getMessage().contains("window-before"), e.getMessage());
    }
}
