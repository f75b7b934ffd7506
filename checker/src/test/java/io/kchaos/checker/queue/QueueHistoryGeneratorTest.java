package io.kchaos.checker.queue;

import io.kchaos.checker.result.Anomalies;
import io.kchaos.history.HistoryFile;
import io.kchaos.checker.queue.QueueChecker;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.testkit.QueueHistoryGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's generator at a small size: its clean history is valid, its planted anomalies are all found. */
class QueueHistoryGeneratorTest {
    private static final long OPS = 20_000;

    @TempDir
    Path dir;

    private CheckResult check(QueueHistoryGenerator.Settings settings) {
        Path file = dir.resolve("history.jsonl");
        QueueHistoryGenerator.Summary summary = QueueHistoryGenerator.write(settings, file);
        assertTrue(Math.abs(summary.ops() - OPS) <= 10, () -> "ops: " + summary.ops());
        return new QueueChecker().check(HistoryFile.open(file));
    }

    @Test
    void cleanHistoryIsValidAndFullyRead() {
        CheckResult r = check(QueueHistoryGenerator.Settings.of(OPS));

        assertEquals(List.of(), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        assertEquals(0, r.stats().get("unseen").asLong());
        assertTrue(r.stats().get("send").get("ok").asLong() > 5_000, r.stats()::toString);
        assertTrue(r.stats().get("send").get("fail").asLong() > 0, r.stats()::toString);
        assertTrue(r.stats().get("send").get("info").asLong() > 0, r.stats()::toString);
        assertTrue(r.stats().get("poll").get("ok").asLong() > 1_000, r.stats()::toString);
        assertEquals(6, r.stats().get("partitions-drained").size());
    }

    @Test
    void plantedLossesAndAbortedReadsAreFound() {
        CheckResult r = check(QueueHistoryGenerator.Settings.of(OPS).planting(3, 2));

        assertFalse(r.valid());
        assertEquals(3, r.count(Anomalies.LOST_WRITE.key()), () -> r.toJson().toPrettyString());
        assertEquals(2, r.count(Anomalies.G1A.key()), () -> r.toJson().toPrettyString());
        // every reader passing a hole skips a record known from its acknowledgement
        assertTrue(r.count(Anomalies.POLL_SKIP.key()) >= 3, () -> r.toJson().toPrettyString());
        assertEquals(List.of(Anomalies.G1A.key(), Anomalies.LOST_WRITE.key(), Anomalies.POLL_SKIP.key()), r.anomalyTypes());
    }
}
