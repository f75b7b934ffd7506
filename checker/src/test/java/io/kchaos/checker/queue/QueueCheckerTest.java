package io.kchaos.checker.queue;

import io.kchaos.checker.result.Anomalies;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.check;
import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checker as a whole: statistics, ignored ops, files with torn or garbage lines, malformed values. */
class QueueCheckerTest {
    @TempDir
    Path dir;

    private static HistoryBuilder lostWriteHistory() {
        return new HistoryBuilder().send(0, 1, 0, 0).nemesis("kill").send(0, 2, 0, 1).sendFail(1, 3).sendInfo(2, 4)
                .poll(10, rec(0, 1, 2)).poll(10).nemesis("start")
                .drain(20, Map.of(0, 2L, 1, 0L), rec(0, 1, 2));
    }

    @Test
    void nameIsQueue() {
        assertEquals("queue", new QueueChecker().name());
    }

    @Test
    void statisticsCountOpsAndReads() {
        CheckResult r = check(lostWriteHistory());

        assertOnly(r, Anomalies.LOST_WRITE.key(), 1);
        var s = r.stats();
        assertEquals("{\"ok\":2,\"fail\":1,\"info\":1}", s.get("send").toString());
        assertEquals(2, s.get("poll").get("ok").asLong());
        assertEquals(1, s.get("drain").get("ok").asLong());
        assertEquals(0, s.get("unseen").asLong());
        assertEquals(1, s.get("read-values").asLong());
        assertEquals(2, s.get("records-read").asLong());
        assertEquals("[0,1]", s.get("partitions-drained").toString());
    }

    /**
     * A drain that could not read a partition completely (a broker that cannot serve it: a lost remote-tier object made
     * the drain stall there) is a warning, and its acknowledged writes there are not judged fine: with nothing recorded
     * of why the drain stopped, the verdict is unknown (UnreadableWriteTest); a drain of every partition says nothing.
     */
    @Test
    void aPartitionTheDrainDidNotReadCompletelyIsAWarning() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 1, 0).poll(10, rec(0, 0, 1), rec(1, 0, 2))
                .drain(20, Map.of(0, 1L), rec(0, 0, 1)));
        assertEquals(io.kchaos.checker.result.Verdict.UNKNOWN, r.verdict(), r.toJson().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("did not read partition(s) [1] completely")), r.warnings().toString());
        CheckResult whole = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 1, 0).drain(20, Map.of(0, 1L, 1, 1L), rec(0, 0, 1), rec(1, 0, 2)));
        assertTrue(whole.warnings().stream().noneMatch(w -> w.contains("did not read")), whole.warnings().toString());
    }

    @Test
    void aTornLastLineIsAWarningAndTheRestIsJudged() throws IOException {
        List<String> lines = new ArrayList<>(lostWriteHistory().lines());
        String last = lines.remove(lines.size() - 1);
        Path file = dir.resolve("history.jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n" + last.substring(0, last.length() / 2),
                StandardCharsets.UTF_8);

        CheckResult r = new QueueChecker().check(HistoryFile.open(file));

        // without the drain's completion the drain counts as info; the write below offset 1 is lost all the same
        assertOnly(r, Anomalies.LOST_WRITE.key(), 1);
        assertEquals(1, r.stats().get("drain").get("info").asLong());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("line " + (lines.size() + 1) + " is truncated")),
                r.warnings()::toString);
    }

    @Test
    void aGarbageLineInTheMiddleIsAnErrorNamingItsLine() throws IOException {
        List<String> lines = new ArrayList<>(lostWriteHistory().lines());
        lines.add(3, "{\"index\": 3, garbage");
        Path file = dir.resolve("history.jsonl");
        Files.write(file, lines, StandardCharsets.UTF_8);

        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> new QueueChecker().check(HistoryFile.open(file)));

        assertTrue(e.getMessage().contains("line 4"), e.getMessage());
    }

    @Test
    void aCleanFileIsValid() throws IOException {
        Path file = dir.resolve("history.jsonl");
        Files.write(file, new HistoryBuilder().send(0, 1, 0, 0).poll(10, rec(0, 0, 1))
                .drain(20, Map.of(0, 1L), rec(0, 0, 1)).lines(), StandardCharsets.UTF_8);

        CheckResult r = new QueueChecker().check(HistoryFile.open(file));

        assertValid(r);
        assertEquals(List.of(), r.warnings());
    }

    @Test
    void anAcknowledgementWithoutOffsetIsAnErrorNamingTheOp() {
        HistoryBuilder h = new HistoryBuilder().sendInvoke(0, 1)
                .line(0, io.kchaos.history.OpType.OK, "send",
                        io.kchaos.history.Json.object().put("value", 1).put("partition", 0));

        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> check(h));

        assertTrue(e.getMessage().contains("history index 1") && e.getMessage().contains("offset"), e.getMessage());
    }

    @Test
    void nemesisOpsAndOtherFsAreIgnored() {
        CheckResult r = check(new HistoryBuilder().nemesis("kill").nemesis("partition")
                .line(3, io.kchaos.history.OpType.INVOKE, "txn", null));

        assertValid(r);
        assertEquals(0, r.stats().get("invocations-without-completion").asLong());
    }

    @Test
    void aReadOfAValueNoSendWroteIsAWarning() {
        CheckResult r = check(new HistoryBuilder().poll(10, rec(0, 0, 42)));

        assertValid(r);
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("no send")), r.warnings()::toString);
    }
}
