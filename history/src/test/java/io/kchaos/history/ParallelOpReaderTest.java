package io.kchaos.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** History files that span many parse blocks: every op in order, and a bad line named by its number in the file. */
class ParallelOpReaderTest {
    @TempDir
    Path dir;

    /** Lines long enough that {@code n} of them span several blocks. */
    private static String line(long i) {
        return "{\"index\":" + i + ",\"time\":" + i * 10 + ",\"process\":" + i + ",\"type\":\"invoke\",\"f\":\"send\","
                + "\"value\":{\"key\":\"" + "k".repeat(200) + "\",\"value\":" + i + "}}";
    }

    private Path write(String name, int lines, String replace, int at, String ending) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < lines; i++) {
            String text = i == at ? replace : line(i);
            out.write(text.getBytes(StandardCharsets.UTF_8));
            if (i < lines - 1 || ending != null) out.write((ending == null ? "\n" : ending).getBytes(StandardCharsets.UTF_8));
        }
        Path p = dir.resolve(name);
        Files.write(p, out.toByteArray());
        return p;
    }

    private static List<Op> read(HistoryFile h) {
        List<Op> ops = new ArrayList<>();
        h.forEach(ops::add);
        return ops;
    }

    @Test
    void everyOpComesBackInFileOrderAcrossBlocks() throws Exception {
        int n = 20_000;
        Path p = write("h.jsonl", n, null, -1, "\r\n");
        assertTrue(Files.size(p) > 4L * ParallelOpReader.BLOCK_BYTES, "spans several blocks");
        List<Op> ops = read(HistoryFile.open(p));
        assertEquals(n, ops.size());
        for (int i = 0; i < n; i++) assertEquals(i, ops.get(i).index());
    }

    @Test
    void aBadLineDeepInTheFileIsNamedByItsLineNumber() throws Exception {
        Path p = write("bad.jsonl", 20_000, "{\"index\":17000,", 17_000, "\n");
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> read(HistoryFile.open(p)));
        assertTrue(e.getMessage().contains("line 17001:"), e.getMessage());
    }

    @Test
    void bytesThatAreNotUtf8AreNamedByLine() throws Exception {
        Path p = write("latin1.jsonl", 9_000, line(8_000).replace("\"k", "\"\u00e9"), 8_000, "\n");
        byte[] b = Files.readAllBytes(p);
        String s = new String(b, StandardCharsets.UTF_8);
        Files.write(p, s.getBytes(StandardCharsets.ISO_8859_1));
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> read(HistoryFile.open(p)));
        assertTrue(e.getMessage().contains("line 8001: not UTF-8 text"), e.getMessage());
    }

    @Test
    void aTornLastLineIsAWarningAndTheRestIsRead() throws Exception {
        Path p = write("torn.jsonl", 10_001, "{\"index\":10000,\"ti", 10_000, null);
        HistoryFile h = HistoryFile.open(p);
        assertEquals(10_000, read(h).size());
        assertEquals(List.of("line 10001 is truncated (the history ends mid-line); ignored"), h.warnings());
    }
}
