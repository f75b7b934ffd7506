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

/** {@code check} judges transaction and consumer-group histories with their own checkers. */
class CheckWorkloadTest {
    /** An aborted transaction whose value a read_committed drain returned: G1a. */
    private static final String ABORTED_READ =
            "{\"index\":0,\"time\":1,\"process\":0,\"type\":\"invoke\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k1\",7,{\"partition\":0}]],\"abort\":true}}\n"
            + "{\"index\":1,\"time\":2,\"process\":0,\"type\":\"fail\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k1\",7,{\"partition\":0,\"offset\":0}]],\"abort\":true}}\n"
            + "{\"index\":2,\"time\":3,\"process\":1,\"type\":\"invoke\",\"f\":\"drain\",\"value\":null}\n"
            + "{\"index\":3,\"time\":4,\"process\":1,\"type\":\"ok\",\"f\":\"drain\",\"value\":{\"records\":[{\"partition\":0,\"offset\":0,\"key\":\"k1\",\"value\":7}],\"end-offsets\":{\"0\":2}}}\n";

    /** A group that caught up on partition 0 without ever polling its one record: lost-by-group. */
    private static final String GROUP_SKIPPED =
            "{\"index\":0,\"time\":1,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1}}\n"
            + "{\"index\":1,\"time\":2,\"process\":0,\"type\":\"ok\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1,\"partition\":0,\"offset\":0}}\n"
            + "{\"index\":2,\"time\":3,\"process\":5,\"type\":\"invoke\",\"f\":\"catch-up\",\"value\":null}\n"
            + "{\"index\":3,\"time\":4,\"process\":5,\"type\":\"ok\",\"f\":\"catch-up\",\"value\":{\"end-offsets\":{\"0\":1},\"committed\":{\"0\":1}}}\n";

    /** Write skew: each of two concurrent transactions polled the partition the other then wrote to: G2. */
    private static final String WRITE_SKEW =
            "{\"index\":0,\"time\":1,\"process\":5,\"type\":\"invoke\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k1\",1,{\"partition\":0}],[\"send\",\"k2\",2,{\"partition\":1}]],\"abort\":false}}\n"
            + "{\"index\":1,\"time\":2,\"process\":5,\"type\":\"ok\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k1\",1,{\"partition\":0,\"offset\":0}],[\"send\",\"k2\",2,{\"partition\":1,\"offset\":0}]],\"abort\":false}}\n"
            + "{\"index\":2,\"time\":3,\"process\":0,\"type\":\"invoke\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k3\",3,{\"partition\":1}],[\"poll\"]],\"abort\":false}}\n"
            + "{\"index\":3,\"time\":4,\"process\":1,\"type\":\"invoke\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k4\",4,{\"partition\":0}],[\"poll\"]],\"abort\":false}}\n"
            + "{\"index\":4,\"time\":5,\"process\":0,\"type\":\"ok\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k3\",3,{\"partition\":1,\"offset\":1}],[\"poll\",{\"records\":[{\"partition\":0,\"offset\":0,\"key\":\"k1\",\"value\":1}]}]],\"abort\":false}}\n"
            + "{\"index\":5,\"time\":6,\"process\":1,\"type\":\"ok\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k4\",4,{\"partition\":0,\"offset\":1}],[\"poll\",{\"records\":[{\"partition\":1,\"offset\":0,\"key\":\"k2\",\"value\":2}]}]],\"abort\":false}}\n";

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(new PrintWriter(err, true), args);
    }

    @Test
    void transactionHistoryIsDetectedFromItsOpsAndJudged(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Path out = dir.resolve("results.json");
        Files.writeString(h, ABORTED_READ);

        assertEquals(1, run("check", h.toString(), "--out", out.toString()), err::toString);
        String results = Files.readString(out);
        assertTrue(results.contains("\"G1a\""), results);
        assertTrue(results.contains("\"aborted-deliberately\" : 1"), results);
    }

    @Test
    void theQueueCheckerAloneJudgesNothingSoItsVerdictIsUnknown(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, ABORTED_READ);

        assertEquals(2, run("check", h.toString(), "--workload", "queue"), err::toString);
    }

    @Test
    void runJsonBesideTheHistoryNamesTheWorkload(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("history.jsonl");
        Path out = dir.resolve("results.json");
        Files.writeString(h, GROUP_SKIPPED.replace("catch-up", "catchup-renamed"));
        Files.writeString(dir.resolve("run.json"), "{\"workload\": \"group\"}");
        assertEquals(2, run("check", h.toString(), "--out", out.toString()), "an unknown client f is refused: " + err);
        assertTrue(err.toString().contains("line 3"), err::toString);

        Files.writeString(h, GROUP_SKIPPED);
        assertEquals(1, run("check", h.toString(), "--out", out.toString()), err::toString);
        assertTrue(Files.readString(out).contains("lost-by-group"));
    }

    @Test
    void unknownWorkloadExits2WithOneLine(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, ABORTED_READ);

        assertEquals(2, run("check", h.toString(), "--workload", "stream"));
        assertTrue(err.toString().startsWith("kchaos: unknown workload 'stream'"), err.toString());
        assertFalse(err.toString().contains("\tat "));
    }

    @Test
    void writeSkewIsValidUnderKafkaAndInvalidUnderSerializableListedTheSameInBoth(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, WRITE_SKEW);
        Path kafka = dir.resolve("kafka.json");
        Path serializable = dir.resolve("serializable.json");

        assertEquals(0, run("check", h.toString(), "--out", kafka.toString()), err::toString);
        assertEquals(1, run("check", h.toString(), "--consistency-model", "serializable", "--out", serializable.toString()), err::toString);
        var a = io.kchaos.history.Json.MAPPER.readTree(kafka.toFile());
        var b = io.kchaos.history.Json.MAPPER.readTree(serializable.toFile());
        assertEquals("kafka", a.get("consistency-model").asText());
        assertEquals("serializable", b.get("consistency-model").asText());
        assertEquals("[\"G2\"]", a.get("anomaly-types").toString());
        assertEquals(a.get("anomaly-types"), b.get("anomaly-types"));
        assertFalse(a.at("/anomalies/G2/forbidden").asBoolean());
        assertTrue(b.at("/anomalies/G2/forbidden").asBoolean());
    }

    @Test
    void unknownConsistencyModelExits2WithOneLine(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, WRITE_SKEW);

        assertEquals(2, run("check", h.toString(), "--consistency-model", "linearizable"));
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: ") && e.contains("unknown consistency model \"linearizable\"") && e.contains("serializable"), e);
        assertEquals(1, e.strip().lines().count(), e);
    }

    @Test
    void runRefusesAnUnknownConsistencyModelBeforeStartingAnything() {
        assertEquals(2, run("run", "--consistency-model", "snapshot"));
        assertTrue(err.toString().startsWith("kchaos: ") && err.toString().contains("unknown consistency model \"snapshot\""), err::toString);
    }
}
