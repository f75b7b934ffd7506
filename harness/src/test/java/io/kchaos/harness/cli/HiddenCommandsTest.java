package io.kchaos.harness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scripts' hidden helpers: cds-training checks the history the jar carries (exit 0: VALID); neither shows in the help. */
class HiddenCommandsTest {
    @TempDir
    Path tmp;

    @Test
    void cdsTrainingChecksTheSampleHistoryTheJarCarriesAsValid() throws Exception {
        Path dir = tmp.resolve("sample");
        StringWriter out = new StringWriter();
        assertEquals(0, Main.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "cds-training", dir.toString()),
                out.toString());
        assertEquals(4, Files.readAllLines(dir.resolve("history.jsonl")).size());
        assertTrue(Files.size(dir.resolve("results.json")) > 0, "results.json written");
    }

    @Test
    void theHelpNamesNeitherHelper() {
        StringWriter out = new StringWriter();
        Main.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "--help");
        assertTrue(out.toString().contains("check"), out.toString());
        assertFalse(out.toString().contains("docker-sweep") || out.toString().contains("cds-training"), out.toString());
    }
}
