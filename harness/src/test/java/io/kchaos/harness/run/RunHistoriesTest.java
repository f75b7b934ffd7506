package io.kchaos.harness.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The cluster tests' verdict assertion on planted run folders: VALID with exit 0 passes, and nothing else is excused. */
class RunHistoriesTest {
    private static final String VALID = "{\"valid\":true,\"anomaly-types\":[],\"anomalies\":{}}";
    private static final String DUPLICATES = "{\"valid\":false,\"anomaly-types\":[\"duplicate\"],\"anomalies\":{\"duplicate\":{\"count\":3}}}";
    private static final String LOST = "{\"valid\":false,\"anomaly-types\":[\"duplicate\",\"lost-write\"],\"anomalies\":{}}";
    private static final String REFUSAL = "ERROR Error processing append operation on partition kchaos-queue-2\n"
            + "org.apache.kafka.common.errors.OutOfOrderSequenceException: Out of order sequence number for producer 2002\n";

    @Test
    void aValidRunWithExitZeroPasses(@TempDir Path store) throws Exception {
        assertDoesNotThrow(() -> folder(store, VALID, "").assertValid(0));
    }

    @Test
    void duplicatesFailEvenWithTheBrokersOutOfOrderRefusalInItsLog(@TempDir Path store) throws Exception {
        RunHistories h = folder(store, DUPLICATES, REFUSAL);
        assertThrows(AssertionError.class, () -> h.assertValid(1));
    }

    @Test
    void anyOtherAnomalyFails(@TempDir Path store) throws Exception {
        RunHistories h = folder(store, LOST, "");
        assertThrows(AssertionError.class, () -> h.assertValid(1));
    }

    @Test
    void anExitThatDisagreesWithTheResultsFails(@TempDir Path store) throws Exception {
        assertThrows(AssertionError.class, () -> folder(store, VALID, "").assertValid(1));
        assertThrows(AssertionError.class, () -> folder(store, DUPLICATES, REFUSAL).assertValid(0));
    }

    /** A run folder under {@code store} (its {@code latest} link) with these results and node 1's server.log. */
    private static RunHistories folder(Path store, String results, String serverLog) throws Exception {
        Path dir = Files.createDirectories(store.resolve("run"));
        Files.writeString(dir.resolve("history.jsonl"), "");
        Files.writeString(dir.resolve("results.json"), results);
        Files.writeString(Files.createDirectories(dir.resolve("nodes/1")).resolve("server.log"), serverLog);
        Path latest = store.resolve("latest");
        Files.deleteIfExists(latest);
        Files.createSymbolicLink(latest, dir.getFileName());
        return new RunHistories(store);
    }
}
