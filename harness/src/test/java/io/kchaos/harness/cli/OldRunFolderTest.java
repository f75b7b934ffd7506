package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run folder written before the nemesis catalogue (ops {@code fill-disk} and {@code corrupt-segment}, nemesis
 * {@code corrupt} in run.json) still checks, reports and compares: its fault windows pair with their heals.
 */
class OldRunFolderTest {
    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), args);
    }

    private Path copy(String name) throws IOException, URISyntaxException {
        Path from = Path.of(Objects.requireNonNull(getClass().getResource("/old-run-fill-disk")).toURI());
        Path to = Files.createDirectories(dir.resolve(name));
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) Files.copy(f, to.resolve(f.getFileName()));
        }
        return to;
    }

    @Test
    void itsHistoryChecksWithEveryFaultHealed() throws Exception {
        Path old = copy("a");
        Path out = dir.resolve("results.json");
        assertEquals(0, run("check", old.resolve("history.jsonl").toString(), "--out", out.toString()), err::toString);
        JsonNode faults = Json.MAPPER.readTree(out.toFile()).path("stats").path("availability").path("faults");
        List<String> pairs = new ArrayList<>();
        faults.forEach(f -> pairs.add(f.path("f").asText() + "->" + f.path("heal").asText()));
        assertEquals(List.of("fill-disk->free-disk", "stop->start", "corrupt-segment->start"), pairs);
        assertEquals(1.0, faults.get(0).path("time-s").asDouble(), 1e-9, "the window opens at the invocation");
    }

    @Test
    void itReportsAndComparesWithItsFaultWindowsClosed() throws Exception {
        Path a = copy("a");
        Path b = copy("b");
        assertEquals(0, run("report", a.toString()), err::toString);
        String html = Files.readString(a.resolve("report.html"));
        assertTrue(html.contains("fill-disk 2") && html.contains("corrupt-segment 3"), "both faults drawn with their targets");
        assertFalse(html.contains("not healed"), "every window closed by its heal");
        assertTrue(Files.isRegularFile(a.resolve("junit.xml")));
        assertEquals(0, run("compare", a.toString(), b.toString()), err::toString);
    }
}
