package io.kchaos.bench.failover;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench/failover-table} on planted run folders: one row per run and fault kind, and bad input. */
class FailoverTableTest {
    @TempDir
    Path root;

    private record Output(int code, String out, String err) {
    }

    private Output run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = FailoverTable.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Output(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path plant(String name, String kafka, String stats) throws IOException {
        Path dir = Files.createDirectories(root.resolve(name));
        Files.writeString(dir.resolve("run.json"), "{\"kafka-version\": \"" + kafka + "\"}");
        Files.writeString(dir.resolve("results.json"), "{\"valid\": true, \"anomaly-types\": [], \"anomalies\": {}, \"stats\": " + stats + "}");
        return dir;
    }

    @Test
    void oneRowPerRunAndFaultKind() throws IOException {
        Path a = plant("run-a", "4.0.0", """
                {"controller-failovers": {"faults": [], "count": 3, "injected": 4, "median-s": 2.5, "max-s": 3.0,
                 "by-fault": {"kill": {"count": 2, "injected": 2, "median-s": 1.75, "max-s": 2.5},
                              "pause": {"count": 1, "injected": 2, "median-s": 3.0, "max-s": 3.0}}}}""");
        Path b = plant("run-b", "3.9.1", """
                {"controller-failovers": {"faults": [], "count": 0, "injected": 1, "median-s": null, "max-s": null,
                 "by-fault": {"partition": {"count": 0, "injected": 1, "median-s": null, "max-s": null}}}}""");

        Output o = run(a.toString(), b.toString());

        assertEquals(0, o.code, o.err);
        assertEquals(List.of(FailoverTable.HEADER, "|---|---|---|---:|---:|---:|---:|",
                "| run-a | 4.0.0 | kill | 2 | 1.75 | 2.5 | 2/2 |",
                "| run-a | 4.0.0 | pause | 2 | 3.0 | 3.0 | 1/2 |",
                "| run-b | 3.9.1 | partition | 1 | — | — | 0/1 |"), o.out.lines().toList());
    }

    @Test
    void aRunWithoutTheFiguresIsOneLineAndExit2() throws IOException {
        Path old = plant("old", "3.7.0", "{\"faults-injected\": 2}");
        Output o = run(old.toString());
        assertEquals(2, o.code);
        assertEquals(1, o.err.lines().count(), o.err);
        assertTrue(o.err.contains("has no stats.controller-failovers"), o.err);
        assertEquals("", o.out);
    }

    @Test
    void noFolderOrNoResultsIsOneLineAndExit2() {
        Output none = run();
        assertEquals(2, none.code);
        assertTrue(none.err.startsWith("failover-table: usage"), none.err);
        Output missing = run(root.resolve("nowhere").toString());
        assertEquals(2, missing.code);
        assertEquals(1, missing.err.lines().count(), missing.err);
    }
}
