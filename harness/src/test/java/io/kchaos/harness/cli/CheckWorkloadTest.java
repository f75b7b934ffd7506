package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.RunFields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    /** One producer of kchaos-txn-0 commits, then is fenced with no other producer of that id ever started. */
    private static final String FENCED_ALONE =
            "{\"index\":0,\"time\":1,\"process\":0,\"type\":\"invoke\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k1\",1,{\"partition\":0}]],\"abort\":false}}\n"
            + "{\"index\":1,\"time\":2,\"process\":0,\"type\":\"ok\",\"f\":\"txn\",\"value\":{\"txn\":[[\"send\",\"k1\",1,{\"partition\":0,\"offset\":0}]],\"abort\":false,"
            + "\"transactional-id\":\"kchaos-txn-0\",\"producer-instance\":0,\"producer-id\":1000,\"producer-epoch\":1}}\n"
            + "{\"index\":2,\"time\":3,\"process\":0,\"type\":\"invoke\",\"f\":\"txn\",\"value\":{\"txn\":[],\"abort\":false}}\n"
            + "{\"index\":3,\"time\":4,\"process\":0,\"type\":\"info\",\"f\":\"txn\",\"value\":{\"txn\":[],\"abort\":false,"
            + "\"transactional-id\":\"kchaos-txn-0\",\"producer-instance\":0,\"producer-id\":1000,\"producer-epoch\":1},"
            + "\"error\":\"ProducerFencedException: There is a newer producer with the same transactionalId which fences the current one.\"}\n"
            + "{\"index\":4,\"time\":5,\"process\":1,\"type\":\"invoke\",\"f\":\"drain\",\"value\":null}\n"
            + "{\"index\":5,\"time\":6,\"process\":1,\"type\":\"ok\",\"f\":\"drain\",\"value\":{\"records\":[{\"partition\":0,\"offset\":0,\"key\":\"k1\",\"value\":1}],\"end-offsets\":{\"0\":2}}}\n";

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
    void aFencingWithoutARivalIsReportedFromTheProducerFields(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Path out = dir.resolve("results.json");
        Files.writeString(h, FENCED_ALONE);

        assertEquals(1, run("check", h.toString(), "--workload", "txn", "--out", out.toString()), err::toString);
        JsonNode results = Json.MAPPER.readTree(out.toFile());
        assertEquals(1, results.path("anomalies").path("fenced-without-rival").path("count").asInt(), results.toString());
        assertEquals(1, results.path("stats").path("txn").path("producers").path("fencings").asInt(), results.toString());
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

    /**
     * The must-show of consistency models as data: write skew (G2) is allowed by read committed but not by serializable,
     * so the real check command finds it VALID under the default model and under read-committed and INVALID under
     * serializable; every run lists the same anomalies with the same cases, each marked allowed or forbidden.
     */
    @Test
    void writeSkewIsValidUnderKafkaAndReadCommittedAndInvalidUnderSerializableListedTheSameInAll(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, WRITE_SKEW);

        Judged kafka = check(h, dir.resolve("kafka.json"));
        Judged readCommitted = check(h, dir.resolve("rc.json"), "--consistency-model", "read-committed");
        Judged serializable = check(h, dir.resolve("serializable.json"), "--consistency-model", "serializable");

        assertEquals(0, kafka.exit(), err::toString);
        assertEquals(0, readCommitted.exit(), err::toString);
        assertEquals(1, serializable.exit(), err::toString);
        assertEquals("kafka", kafka.results().get("consistency-model").asText());
        assertEquals("read-committed", readCommitted.results().get("consistency-model").asText());
        assertEquals("serializable", serializable.results().get("consistency-model").asText());
        assertTrue(kafka.results().get("valid").asBoolean());
        assertFalse(serializable.results().get("valid").asBoolean());

        assertEquals("[\"G2\"]", kafka.results().get("anomaly-types").toString());
        for (Judged other : List.of(readCommitted, serializable)) {
            assertEquals(kafka.results().get("anomaly-types"), other.results().get("anomaly-types"));
            assertEquals(casesOf(kafka.results()), casesOf(other.results()), "the same cases, whatever the model");
        }
        assertFalse(kafka.results().at("/anomalies/G2/forbidden").asBoolean());
        assertFalse(readCommitted.results().at("/anomalies/G2/forbidden").asBoolean());
        assertTrue(serializable.results().at("/anomalies/G2/forbidden").asBoolean());

        assertTrue(kafka.out().startsWith("VALID: only anomalies the consistency model kafka allows"), kafka.out());
        assertTrue(kafka.out().contains("(allowed by kafka)"), kafka.out());
        assertTrue(serializable.out().startsWith("INVALID: anomalies the consistency model serializable forbids"), serializable.out());
        assertTrue(serializable.out().contains("(forbidden by serializable)"), serializable.out());
    }

    @Test
    void lostDataIsInvalidUnderEveryModel(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, GROUP_SKIPPED);
        for (String model : io.kchaos.checker.result.ConsistencyModels.names()) {
            Judged j = check(h, dir.resolve(model + ".json"), "--workload", "group", "--consistency-model", model);
            assertEquals(1, j.exit(), model + ": " + err);
            assertTrue(j.results().at("/anomalies/lost-by-group/forbidden").asBoolean(), model);
        }
    }

    /** One check run: its exit code, its results.json and what it printed. */
    private record Judged(int exit, JsonNode results, String out) {
    }

    private Judged check(Path history, Path out, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("check", history.toString(), "--out", out.toString()));
        args.addAll(List.of(options));
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            exit = run(args.toArray(String[]::new));
        } finally {
            System.setOut(stdout);
        }
        return new Judged(exit, Json.MAPPER.readTree(out.toFile()), printed.toString(StandardCharsets.UTF_8));
    }

    /** The anomalies object without the forbidden marks: the cases found. */
    private static JsonNode casesOf(JsonNode results) {
        ObjectNode anomalies = results.get("anomalies").deepCopy();
        anomalies.properties().forEach(e -> ((ObjectNode) e.getValue()).remove("forbidden"));
        return anomalies;
    }

    /** check of a run folder judges under the model its run.json records (a replay or a later check keeps the run's call); the flag wins. */
    @Test
    void aRunFoldersCheckTakesRunJsonsModelUnlessTheFlagNamesOne(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("history.jsonl");
        Files.writeString(h, WRITE_SKEW);
        Files.writeString(dir.resolve("run.json"), Json.object().put(RunFields.WORKLOAD, "txn")
                .put(RunFields.CONSISTENCY_MODEL, "serializable").toString());

        Judged recorded = check(h, dir.resolve("recorded.json"));
        assertEquals(1, recorded.exit(), err::toString);
        assertEquals("serializable", recorded.results().get("consistency-model").asText());
        assertTrue(recorded.results().at("/anomalies/G2/forbidden").asBoolean());

        Judged flag = check(h, dir.resolve("flag.json"), "--consistency-model", "kafka");
        assertEquals(0, flag.exit(), err::toString);
        assertEquals("kafka", flag.results().get("consistency-model").asText(), "an explicit --consistency-model wins");
    }

    @Test
    void aRunFolderWithoutAModelIsJudgedUnderTheDefault(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("history.jsonl");
        Files.writeString(h, WRITE_SKEW);
        Files.writeString(dir.resolve("run.json"), Json.object().put(RunFields.WORKLOAD, "txn").toString());
        Judged older = check(h, dir.resolve("older.json"));
        assertEquals(0, older.exit(), err::toString);
        assertEquals("kafka", older.results().get("consistency-model").asText());
    }

    @Test
    void checksHelpNamesTheModelsAndItsDefault() {
        String help = new picocli.CommandLine(new CheckCommand()).getUsageMessage().replaceAll("\\s+", " ");
        assertTrue(help.contains(": kafka, read-committed, serializable, strong-session-serializable, strict-serializable (default: the "
                + "consistency-model of the run.json beside the history, else kafka)"), help);
    }

    @Test
    void anUnknownModelInRunJsonExits2WithOneLine(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("history.jsonl");
        Files.writeString(h, WRITE_SKEW);
        Files.writeString(dir.resolve("run.json"), Json.object().put(RunFields.CONSISTENCY_MODEL, "linearizable").toString());

        assertEquals(2, run("check", h.toString()));
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: run.json's consistency-model: unknown consistency model \"linearizable\"; known: kafka,"), e);
        assertEquals(1, e.strip().lines().count(), e);
        err.getBuffer().setLength(0);
        assertEquals(0, run("check", h.toString(), "--consistency-model", "kafka", "--workload", "txn"), err::toString);
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
        assertEquals(1, err.toString().strip().lines().count(), err::toString);
    }

    @Test
    void aMissingConsistencyModelNameExits2WithOneLine(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, WRITE_SKEW);

        assertEquals(2, run("check", h.toString(), "--consistency-model"));
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: ") && e.contains("--consistency-model"), e);
        assertEquals(1, e.strip().lines().count(), e);
    }
}
