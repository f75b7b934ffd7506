package io.kchaos.checker.cause;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.Verdict;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.SimpleRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The duplicate-window cause on planted broker files: a log whose values 1 and 2 were written again by the same
 * producer under epoch 1, with and without the broker's out-of-order refusal that explains them.
 */
class DedupWindowCauseTest {
    private static final String TOPIC = "t";
    private static final long PID = 7;
    private static final String REFUSAL = "[2026-12-05 21:48:01,123] ERROR [ReplicaManager broker=1] Error processing append operation on partition t-0 (kafka.server.ReplicaManager)\n"
            + "org.apache.kafka.common.errors.OutOfOrderSequenceException: Out of order sequence number for producer 7 at offset 4 in partition t-0: 1 (incoming seq. number), 3 (current end sequence number)\n";

    @TempDir
    Path dir;

    @Test
    void duplicatesWrittenAgainUnderABumpedEpochAfterARefusalAreExplainedAndStayAnomalies() throws IOException {
        Path logDir = logDir((short) 1);
        CheckResult r = duplicates();
        DedupWindowCause.explain(r, TOPIC, List.of(logDir), Map.of(1, serverLog(REFUSAL)));

        assertEquals(Verdict.INVALID, r.verdict());
        assertEquals(2, r.count(Anomalies.DUPLICATE.key()));
        JsonNode cause = r.toJson().path(ResultsFields.ANOMALIES).path("duplicate").path(ResultsFields.Anomaly.KNOWN_CAUSES).path(0);
        assertEquals(DedupWindowCause.NAME, cause.path("cause").asText());
        assertEquals(2, cause.path(ResultsFields.KnownCause.EXPLAINED).asInt());
        JsonNode first = cause.path("evidence").path(0);
        assertEquals(1, first.path("value").asInt());
        assertEquals(PID, first.path("producer-id").asLong());
        assertEquals(1, first.path("first").path("offset").asLong());
        assertEquals(0, first.path("first").path("producer-epoch").asInt());
        assertEquals(1, first.path("first").path("sequence").asInt());
        assertEquals(4, first.path("again").path("offset").asLong());
        assertEquals(1, first.path("again").path("producer-epoch").asInt());
        assertEquals("2026-12-05 21:48:01,123", first.path("refusal").path("time").asText());
        assertEquals(1, first.path("refusal").path("incoming-sequence").asInt());
        r.anomalies().get("duplicate").examples().forEach(ex -> assertEquals(DedupWindowCause.NAME, ex.path(ResultsFields.Anomaly.KNOWN_CAUSE).asText()));
    }

    @Test
    void duplicatesWithoutARefusalAreNotExplained() throws IOException {
        CheckResult r = duplicates();
        DedupWindowCause.explain(r, TOPIC, List.of(logDir((short) 1)), Map.of(1, serverLog("[2026-12-05 21:48:01,123] INFO started\n")));
        assertNoCause(r);
    }

    @Test
    void aRefusalDoesNotExplainCopiesWrittenUnderTheSameEpoch() throws IOException {
        CheckResult r = duplicates();
        DedupWindowCause.explain(r, TOPIC, List.of(logDir((short) 0)), Map.of(1, serverLog(REFUSAL)));
        assertNoCause(r);
    }

    @Test
    void anotherProducersRefusalExplainsNothing() throws IOException {
        CheckResult r = duplicates();
        DedupWindowCause.explain(r, TOPIC, List.of(logDir((short) 1)), Map.of(1, serverLog(REFUSAL.replace("producer 7", "producer 8"))));
        assertNoCause(r);
    }

    @Test
    void aRefusalIsReadOnceWithTheTimeOfItsLogLine() throws IOException {
        List<OutOfOrderRefusal> refusals = OutOfOrderRefusal.read(2, serverLog(REFUSAL + REFUSAL.lines().skip(1).findFirst().orElseThrow() + "\n"));
        assertEquals(List.of(new OutOfOrderRefusal(2, "2026-12-05 21:48:01,123", PID, TOPIC, 0, 4, 1, 3)), refusals);
        assertEquals(List.of(), OutOfOrderRefusal.read(2, dir.resolve("absent.log")));
    }

    @Test
    void theTimeOfALogLineInTheLayoutOfKchaossBrokersIsRead() throws IOException {
        String kchaosLayout = "2026-12-05T22:52:04.899 [data-plane-kafka-request-handler-1] ERROR kafka.server.ReplicaManager - [ReplicaManager broker=1] "
                + "Error processing append operation on partition P1Aa2d6eT8CP5ByaG558ag:t-0\n" + REFUSAL.lines().skip(1).findFirst().orElseThrow() + "\n";
        assertEquals("2026-12-05T22:52:04.899", OutOfOrderRefusal.read(1, serverLog(kchaosLayout)).get(0).time());
    }

    private static void assertNoCause(CheckResult r) {
        assertTrue(r.toJson().path(ResultsFields.ANOMALIES).path("duplicate").path(ResultsFields.Anomaly.KNOWN_CAUSES).isMissingNode());
        r.anomalies().get("duplicate").examples().forEach(ex -> assertFalse(ex.has(ResultsFields.Anomaly.KNOWN_CAUSE)));
        assertEquals(Verdict.INVALID, r.verdict());
    }

    /** Values 1 and 2 read at offsets 1/4 and 2/5, as the queue checker reports them. */
    private static CheckResult duplicates() {
        CheckResult r = new CheckResult();
        r.anomaly(Anomalies.DUPLICATE.key(), duplicate(1, 1, 4));
        r.anomaly(Anomalies.DUPLICATE.key(), duplicate(2, 2, 5));
        return r;
    }

    private static ObjectNode duplicate(int value, long offset, long again) {
        ObjectNode o = Json.object();
        o.put("value", value);
        o.putArray("reads").add(Json.object().put("partition", 0).put("offset", offset).put("index", 10))
                .add(Json.object().put("partition", 0).put("offset", again).put("index", 20));
        return o;
    }

    /**
     * A broker log dir whose partition t-0 holds warm-up, 1, 2, 3 from producer 7 at epoch 0 (sequences 0-3), then
     * 1 and 2 again at offsets 4 and 5 from the same producer under {@code againEpoch}, sequences 0 and 1.
     */
    private Path logDir(short againEpoch) throws IOException {
        Path logDir = dir.resolve("data");
        Path partition = logDir.resolve(TOPIC + "-0");
        Files.createDirectories(partition);
        Files.writeString(logDir.resolve("meta.properties"), "node.id=1\nversion=1\n");
        try (FileChannel ch = FileChannel.open(partition.resolve("00000000000000000000.log"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            String[] values = {"warm-up", "1", "2", "3"};
            for (int i = 0; i < values.length; i++) write(ch, i, (short) 0, i, values[i]);
            write(ch, 4, againEpoch, againEpoch == 0 ? 4 : 0, "1");
            write(ch, 5, againEpoch, againEpoch == 0 ? 5 : 1, "2");
        }
        return logDir;
    }

    private static void write(FileChannel ch, long offset, short epoch, int sequence, String value) throws IOException {
        MemoryRecords records = MemoryRecords.withIdempotentRecords(offset, Compression.NONE, PID, epoch, sequence, 0,
                new SimpleRecord(value.getBytes(StandardCharsets.UTF_8)));
        ch.write(records.buffer());
    }

    private Path serverLog(String text) throws IOException {
        Path f = dir.resolve("server.log");
        Files.writeString(f, text);
        return f;
    }
}
