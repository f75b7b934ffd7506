package io.kchaos.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The history reader refuses every corrupt line with its line number, and tolerates only a torn last line. */
class HistoryValidationTest {
    @TempDir
    Path dir;

    static String op(long index, long time, String process, String type, String f, String value) {
        return "{\"index\":" + index + ",\"time\":" + time + ",\"process\":" + process + ",\"type\":\"" + type + "\",\"f\":\"" + f
                + "\",\"value\":" + value + "}\n";
    }

    static String sendPair(long index, int process, long value) {
        return op(index, index * 10, Integer.toString(process), "invoke", "send", "{\"key\":\"k\",\"value\":" + value + "}")
                + op(index + 1, index * 10 + 5, Integer.toString(process), "ok", "send",
                "{\"key\":\"k\",\"value\":" + value + ",\"partition\":0,\"offset\":" + value + "}");
    }

    private List<Op> read(String text) throws IOException {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, text);
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(h).forEach(ops::add);
        return ops;
    }

    private void assertRefused(String text, String line, String reason) {
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> read(text));
        assertTrue(e.getMessage().contains("line " + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(reason), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void aValidHistoryIsReadWhole() throws IOException {
        assertEquals(4, read(sendPair(0, 0, 1) + sendPair(2, 0, 2)).size());
    }

    @Test
    void textAfterTheObjectIsRefused() {
        String two = sendPair(0, 0, 1).replaceFirst("\n", "");
        assertRefused(two, "1", "text after the JSON object");
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        String dup = sendPair(0, 0, 1).replace("\"type\":\"ok\"", "\"type\":\"ok\",\"type\":\"fail\"");
        assertRefused(dup, "2", "Duplicate field 'type'");
    }

    @Test
    void indexesMustCountTheOpsFromZero() {
        String h = sendPair(0, 0, 1) + sendPair(2, 1, 2);
        assertRefused(h.replace("\"index\":3", "\"index\":2"), "4", "\"index\" is 2 where 3 was expected");
        assertRefused(h.replace("\"index\":2", "\"index\":5"), "3", "\"index\" is 5 where 2 was expected");
        assertRefused(h.replace("\"index\":0", "\"index\":1"), "1", "\"index\" is 1 where 0 was expected");
        assertRefused(h.replace("\"index\":2", "\"index\":-2"), "3", "negative \"index\"");
        assertRefused(h.replace("\"index\":2", "\"index\":2.0"), "3", "non-integer \"index\"");
        assertRefused(h.replace("\"index\":2", "\"index\":2.5"), "3", "non-integer \"index\"");
    }

    @Test
    void timeMustBeNonNegativeAndNeverGoBackwards() {
        String h = sendPair(0, 0, 1) + sendPair(2, 1, 2);
        assertRefused(h.replace("\"time\":20", "\"time\":-20"), "3", "negative \"time\"");
        assertRefused(h.replace("\"time\":20", "\"time\":1"), "3", "\"time\" 1 is before the previous op's 5");
    }

    @Test
    void processMustBeANonNegativeIntegerOrNemesis() {
        String h = sendPair(0, 0, 1);
        assertRefused(h.replace("\"process\":0", "\"process\":0.5"), "1", "\"process\" must be a non-negative integer");
        assertRefused(h.replace("\"process\":0", "\"process\":\"p0\""), "1", "\"process\" must be a non-negative integer");
    }

    @Test
    void anUnknownClientFIsRefusedButNemesisFsAreIgnorable() throws IOException {
        assertRefused(op(0, 0, "0", "invoke", "produce", "null"), "1", "unknown client \"f\" \"produce\"");
        String nemesis = op(0, 0, "\"nemesis\"", "invoke", "anything-goes", "null") + op(1, 1, "\"nemesis\"", "info", "anything-goes", "null");
        assertEquals(2, read(nemesis).size());
    }

    @Test
    void anInvokeHasExactlyOneCompletion() {
        String h = sendPair(0, 0, 1);
        String second = op(2, 6, "0", "fail", "send", "{\"key\":\"k\",\"value\":1}");
        assertRefused(h + second, "3", "completes nothing");
    }

    @Test
    void aCompletionHasItsInvocationsF() {
        String h = op(0, 0, "0", "invoke", "send", "{\"key\":\"k\",\"value\":1}") + op(1, 1, "0", "ok", "poll", "{\"records\":[]}");
        assertRefused(h, "2", "completes the send invoked on line 1");
    }

    @Test
    void aProcessRunsOneOpAtATime() {
        String h = op(0, 0, "0", "invoke", "send", "{\"key\":\"k\",\"value\":1}") + op(1, 1, "0", "invoke", "poll", "null");
        assertRefused(h, "2", "has no completion (a process runs one op at a time)");
    }

    @Test
    void aTornLastLineIsAWarningAndSkipped() throws IOException {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, sendPair(0, 0, 1) + "{\"index\":2,\"ti");
        HistoryFile file = HistoryFile.open(h);
        List<Op> ops = new ArrayList<>();
        file.forEach(ops::add);
        assertEquals(2, ops.size());
        assertEquals(List.of("line 3 is truncated (the history ends mid-line); ignored"), file.warnings());
    }

    @Test
    void aTornLineInTheMiddleIsRefused() {
        assertRefused("{\"index\":0,\"ti\n" + sendPair(1, 0, 1), "1", "not JSON");
    }

    @Test
    void aLineLongerThanTheLimitIsRefusedBeforeItIsHeld(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("long.jsonl"), sendPair(0, 0, 1) + "x".repeat(1000) + "\n");
        try (ParallelOpReader reader = new ParallelOpReader(file, 300)) {
            ParallelOpReader.Block block = reader.next();
            assertEquals(2, block.count(), "the two ops before the long line are read");
            assertTrue(block.failure().reason().contains("longer than 300 characters"), block.failure().reason());
        }
    }

    @Test
    void crlfLineEndsAndBlankLinesAreIgnorable() throws IOException {
        assertEquals(4, read(sendPair(0, 0, 1).replace("\n", "\r\n") + "\n  \n" + sendPair(2, 0, 2)).size());
    }
}
