package io.kchaos.harness.run;

import io.kchaos.history.folder.RunFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run whose cluster cannot start (a broker setting Kafka itself refuses, found by {@code kafka-storage format} on a
 * real Kafka 4.4.0 install), in a JVM of its own as a user starts it: exit 2 and one line on stderr, its run folder
 * saying why in failure.txt (a nightly job that finds no history and no results.json reads the reason there), and the
 * Kafka clients' log lines in client.log, not on the console: a {@code --broker-config} is checked against Kafka's
 * config classes, which log, before the run folder exists, and SLF4J's first line fixes where it writes (before the fix,
 * thousands of client lines on stderr). A run that reached a verdict has no failure.txt (every run test reads its
 * folder through {@link RunHistories}, which fails on one).
 */
@Tag("cluster")
class FailedStartRunTest {

    @Test
    void aClusterThatCannotStartLeavesItsReasonInTheRunFolderAndTheConsoleClean(@TempDir Path store) throws Exception {
        Path out = store.resolve("stdout.txt");
        Path err = store.resolve("stderr.txt");
        Process p = new ProcessBuilder(ChildHarness.command(List.of(), List.of("run", "--broker-config", "num.io.threads=0",
                "--time-limit", "5", "--store", store.resolve("runs").toString())))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "exits");
        // the test class path (not kchaos's jar) holds two SLF4J bindings, which SLF4J names on stderr at its start
        String stderr = Files.readAllLines(err).stream().filter(l -> !l.startsWith("SLF4J: ")).collect(java.util.stream.Collectors.joining("\n")).strip();
        assertEquals(2, p.exitValue(), stderr);
        RunFiles files = new RunFiles(store.resolve("runs/latest").toRealPath());
        String reason = Files.readString(files.failure()).strip();
        assertTrue(reason.startsWith("kchaos: ") && reason.contains("num.io.threads"), reason);
        assertEquals(reason, stderr, "stderr is the one line the run folder keeps, no client log lines");
        assertFalse(Files.readString(out).contains("] INFO "), "no client log line on stdout either: " + Files.readString(out));
        assertFalse(Files.exists(files.history()), "no history: the workload never started");
        assertTrue(Files.exists(files.clientLog()), "the clients' log is in the run folder");
    }
}
