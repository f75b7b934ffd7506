package io.kchaos.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The zstd history: read back as the plain one, one frame per flush, a frame cut short read as a torn last line is. */
class CompressedHistoryTest {
    private static final long START = 0;
    @TempDir
    Path dir;

    /** Writes {@code batches} batches of sends and polls in {@code format}, flushing after each; the file's size after each flush. */
    private List<Long> write(Path file, HistoryFormat format, int batches, int perBatch) throws Exception {
        List<Long> sizes = new ArrayList<>();
        try (HistoryWriter w = new HistoryWriter(file, START, format)) {
            for (int b = 0; b < batches; b++) {
                for (int i = 0; i < perBatch; i++) {
                    int v = b * perBatch + i; // one process per send, a tenth of them timing out
                    ObjectNode send = Json.MAPPER.createObjectNode().put("key", "k" + v % 7).put("value", v);
                    w.invoke(v, ClientOps.SEND, send);
                    if (v % 10 == 9) w.complete(v, OpType.INFO, ClientOps.SEND, send, "TimeoutException: \u00e9 \u2603");
                    else w.complete(v, OpType.OK, ClientOps.SEND, send.deepCopy().put("partition", v % 3).put("offset", v / 3), null);
                }
                w.flush();
                sizes.add(Files.size(file));
            }
        }
        return sizes;
    }

    private static List<Op> read(HistoryFile h) {
        List<Op> ops = new ArrayList<>();
        h.forEach(ops::add);
        return ops;
    }

    /** The ops as lines, their times left out when {@code withTimes} is false (two writers stamp their own). */
    private static List<String> lines(List<Op> ops, boolean withTimes) {
        return ops.stream().map(op -> withTimes ? op : new Op(op.index(), 0, op.process(), op.type(), op.f(), op.value(), op.error()))
                .map(OpCodec::toLine).toList();
    }

    private static List<String> lines(List<Op> ops) {
        return lines(ops, true);
    }

    @Test
    void opsWrittenCompressedReadBackEqualToThePlainWritersAndSmaller() throws Exception {
        Path plain = dir.resolve("history.jsonl");
        Path zstd = dir.resolve("history.jsonl.zst");
        write(plain, HistoryFormat.JSONL, 20, 500);
        write(zstd, HistoryFormat.ZSTD, 20, 500);
        List<Op> expected = read(HistoryFile.open(plain));
        HistoryFile compressed = HistoryFile.open(zstd);
        List<Op> ops = read(compressed);
        assertEquals(expected.size(), ops.size());
        assertTrue(lines(expected, false).equals(lines(ops, false)), "the same ops but for their times");
        assertEquals(List.of(), compressed.warnings());
        assertFalse(compressed.endsTorn());
        assertTrue(Files.size(zstd) * 4 < Files.size(plain), Files.size(zstd) + " vs " + Files.size(plain));
        try (HistoryInput in = HistoryInput.open(zstd)) {
            assertEquals(HistoryFormat.ZSTD, in.format());
            String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(String.join("\n", lines(ops)) + "\n", text, "the lines as the plain writer writes them");
        }
    }

    @Test
    void eachFlushIsOneWholeFrameAndAFlushWithNothingNewWritesNothing() throws Exception {
        Path zstd = dir.resolve("h.zst");
        List<Long> sizes = write(zstd, HistoryFormat.ZSTD, 5, 100);
        for (int k = 0; k < sizes.size(); k++) {
            HistoryFile h = HistoryFile.open(cut(zstd, sizes.get(k)));
            assertEquals(200 * (k + 1), read(h).size(), "the ops of " + (k + 1) + " flushes");
            assertFalse(h.endsTorn(), "a file cut at a frame's end is whole");
        }
        try (HistoryWriter w = new HistoryWriter(zstd, START, HistoryFormat.ZSTD)) {
            w.invoke(0, ClientOps.SEND, Json.MAPPER.createObjectNode().put("value", 1));
            w.flush();
            long size = Files.size(zstd);
            w.flush();
            w.flush();
            assertEquals(size, Files.size(zstd));
        }
    }

    @Test
    void aLastFrameCutShortIsATornEndAndEveryOpOfTheWholeFramesIsRead() throws Exception {
        Path zstd = dir.resolve("torn.jsonl.zst");
        List<Long> sizes = write(zstd, HistoryFormat.ZSTD, 4, 200);
        List<String> all = lines(read(HistoryFile.open(zstd)));
        long whole = sizes.get(2);
        long end = sizes.get(3);
        int wholeOps = 3 * 400;
        for (long cut = whole + 1; cut < end; cut += Math.max(1, (end - whole) / 40)) {
            HistoryFile h = HistoryFile.open(cut(zstd, cut));
            List<String> read = lines(read(h));
            assertTrue(read.size() >= wholeOps && read.size() < all.size(), cut + ": " + read.size() + " ops");
            assertEquals(all.subList(0, read.size()), read, "a prefix of the ops, cut at " + cut);
            assertTrue(h.endsTorn(), "cut at " + cut + " of " + whole + ".." + end + ", read " + read.size() + " of " + all.size() + " " + h.warnings());
            assertTrue(h.warnings().contains(HistoryInput.midFrameWarning()), h.warnings().toString());
        }
    }

    /** A copy of {@code file}'s first {@code bytes} bytes. */
    private Path cut(Path file, long bytes) throws Exception {
        Path cut = dir.resolve("cut");
        Files.copy(file, cut, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel c = FileChannel.open(cut, StandardOpenOption.WRITE)) {
            c.truncate(bytes);
        }
        return cut;
    }

    @Test
    void aCompressedHistoryUnderAPlainNameIsDetectedByItsContent() throws Exception {
        Path disguised = dir.resolve("history.jsonl");
        write(disguised, HistoryFormat.ZSTD, 2, 50);
        Path plain = dir.resolve("plain.jsonl");
        write(plain, HistoryFormat.JSONL, 2, 50);
        assertEquals(200, read(HistoryFile.open(plain)).size());
        assertTrue(lines(read(HistoryFile.open(plain)), false).equals(lines(read(HistoryFile.open(disguised)), false)));
        try (HistoryInput in = HistoryInput.open(plain)) {
            assertEquals(HistoryFormat.JSONL, in.format());
        }
    }

    @Test
    void damageInsideAFrameIsAnErrorNotATornEnd() throws Exception {
        Path zstd = dir.resolve("damaged.zst");
        write(zstd, HistoryFormat.ZSTD, 3, 200);
        byte[] b = Files.readAllBytes(zstd);
        for (int i = 40; i < 60; i++) b[i] ^= 0x5A;
        Files.write(zstd, b);
        RuntimeException e = assertThrows(RuntimeException.class, () -> read(HistoryFile.open(zstd)));
        assertTrue(e instanceof HistoryFormatException || e instanceof java.io.UncheckedIOException, e.toString());
    }

    @Test
    void anUnknownFormatWordIsOneLine() {
        assertEquals(HistoryFormat.ZSTD, HistoryFormat.parse("zstd"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistoryFormat.parse("gzip"));
        assertEquals("unknown --history-format 'gzip'; known: jsonl, zstd", e.getMessage());
    }
}
