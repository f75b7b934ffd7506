package io.kchaos.harness.run;

import io.kchaos.harness.cli.Main;
import io.kchaos.history.folder.RunFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run whose cluster cannot start (a broker setting Kafka itself refuses, found by {@code kafka-storage format} on a
 * real Kafka 4.4.0 install) ends with exit 2 and one line, and its run folder says why in failure.txt: a nightly job
 * that finds no history and no results.json reads the reason there. A run that reached a verdict has no failure.txt
 * (every VALID run test reads its folder through {@link RunHistories}, which fails on one).
 */
@Tag("cluster")
class FailedStartRunTest {

    @Test
    void aClusterThatCannotStartLeavesItsReasonInTheRunFolder(@TempDir Path store) throws Exception {
        StringWriter err = new StringWriter();
        int exit = Main.execute(new PrintWriter(err, true), "run", "--broker-config", "num.io.threads=0", "--time-limit", "5",
                "--store", store.toString());
        assertEquals(2, exit, err.toString());
        RunFiles files = new RunFiles(store.resolve("latest").toRealPath());
        String reason = Files.readString(files.failure());
        assertTrue(reason.startsWith("kchaos: ") && reason.contains("num.io.threads"), reason);
        assertEquals(err.toString().strip(), reason.strip(), "the same line the user read");
        assertFalse(Files.exists(files.history()), "no history: the workload never started");
    }
}
