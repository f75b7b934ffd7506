package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryFormat;
import io.kchaos.history.Json;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.testkit.QueueHistoryGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code check} judges a zstd history as it judges the same lines plain, whatever the file's name; a cut frame is a torn end. */
class CompressedHistoryCheckTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(new PrintWriter(err, true), args);
    }

    /** A queue history with two lost writes and an aborted read planted, plain. */
    private Path plainHistory() throws Exception {
        Path plain = Files.createDirectories(dir.resolve("plain")).resolve(RunFiles.HISTORY);
        QueueHistoryGenerator.write(QueueHistoryGenerator.Settings.of(20_000).planting(2, 1), plain);
        return plain;
    }

    /** The same bytes as zstd frames of about {@code linesPerFrame} lines each, as the writer's flushes make them; each frame's end offset. */
    private static List<Long> compress(Path plain, Path to, int linesPerFrame) throws Exception {
        List<Long> frameEnds = new ArrayList<>();
        List<String> lines = Files.readAllLines(plain);
        try (OutputStream out = HistoryFormat.ZSTD.create(to)) {
            for (int i = 0; i < lines.size(); i++) {
                out.write((lines.get(i) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                if (i % linesPerFrame == linesPerFrame - 1 || i == lines.size() - 1) {
                    out.flush();
                    frameEnds.add(Files.size(to));
                }
            }
        }
        return frameEnds;
    }

    /** results.json without what names the file judged. */
    private static JsonNode verdict(Path results) throws Exception {
        ObjectNode json = (ObjectNode) Json.MAPPER.readTree(results.toFile());
        json.remove(List.of("history", "checked-at", "duration-seconds", "check-seconds"));
        return json;
    }

    @Test
    void checkGivesTheSameResultsForTheCompressedHistoryUnderEitherName() throws Exception {
        Path plain = plainHistory();
        Path zst = Files.createDirectories(dir.resolve("zst")).resolve(RunFiles.HISTORY_ZSTD);
        Path disguised = Files.createDirectories(dir.resolve("disguised")).resolve(RunFiles.HISTORY);
        compress(plain, zst, 700);
        Files.copy(zst, disguised);
        assertTrue(Files.size(zst) * 5 < Files.size(plain), Files.size(zst) + " of " + Files.size(plain) + " bytes");

        Path expected = dir.resolve("plain.json");
        assertEquals(1, run("check", plain.toString(), "--out", expected.toString()), err::toString);
        for (Path h : List.of(zst, disguised)) {
            Path out = dir.resolve(h.getParent().getFileName() + ".json");
            assertEquals(1, run("check", h.toString(), "--out", out.toString()), err::toString);
            assertEquals(verdict(expected), verdict(out), h.toString());
        }
        assertTrue(Files.readString(expected).contains("lost-write"));
    }

    @Test
    void checkReadsACompressedHistoryFromStandardInput() throws Exception {
        Path plain = plainHistory();
        Path zst = dir.resolve("h.jsonl.zst");
        compress(plain, zst, 700);
        Path expected = dir.resolve("plain.json");
        Path out = dir.resolve("stdin.json");
        assertEquals(1, run("check", plain.toString(), "--out", expected.toString()), err::toString);
        java.io.InputStream stdin = System.in;
        try {
            System.setIn(new java.io.ByteArrayInputStream(Files.readAllBytes(zst)));
            assertEquals(1, run("check", "-", "--out", out.toString()), err::toString);
        } finally {
            System.setIn(stdin);
        }
        assertEquals(verdict(expected), verdict(out));
    }

    @Test
    void aCompressedHistoryCutInItsLastFrameIsJudgedAsATornOne() throws Exception {
        Path plain = plainHistory();
        Path zst = dir.resolve("whole.jsonl.zst");
        List<Long> frameEnds = compress(plain, zst, 700);
        long cut = (frameEnds.get(frameEnds.size() - 2) + frameEnds.get(frameEnds.size() - 1)) / 2;
        Path torn = dir.resolve("torn.jsonl.zst");
        Files.write(torn, Arrays.copyOf(Files.readAllBytes(zst), (int) cut));

        Path out = dir.resolve("torn.json");
        assertEquals(1, run("check", torn.toString(), "--out", out.toString()), "the planted losses are found in the rest: " + err);
        assertFalse(err.toString().contains("\tat "), "no stack trace: " + err);
        String results = Files.readString(out);
        assertTrue(results.contains("mid-frame"), results);
    }

    @Test
    void aDamagedFrameIsOneLineAndExit2() throws Exception {
        Path zst = dir.resolve("damaged.jsonl.zst");
        compress(plainHistory(), zst, 700);
        byte[] b = Files.readAllBytes(zst);
        for (int i = 100; i < 140; i++) b[i] ^= 0x5A;
        Files.write(zst, b);
        assertEquals(2, run("check", zst.toString()));
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: "), e);
        assertFalse(e.contains("\tat "), "no stack trace: " + e);
    }

    @Test
    void anUnknownHistoryFormatIsOneLineAndExit2() {
        assertEquals(2, run("run", "--history-format", "gzip"));
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: unknown --history-format 'gzip'; known: jsonl, zstd"), e);
        assertFalse(e.contains("\tat "), "no stack trace: " + e);
        assertEquals(1, e.strip().lines().count(), e);
    }
}
