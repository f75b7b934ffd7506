package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.TopicRetention;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code check} of a run folder's history judges writes missing below the log start against run.json's policy. */
class CheckRetentionTest {
    /** Offset 0 acknowledged at 1 s; 2 s later the drain began at log start offset 1. */
    private static final String DELETED_AFTER_2_S =
            "{\"index\":0,\"time\":1000000000,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1}}\n"
            + "{\"index\":1,\"time\":1100000000,\"process\":0,\"type\":\"ok\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1,\"partition\":0,\"offset\":0}}\n"
            + "{\"index\":2,\"time\":1200000000,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":2}}\n"
            + "{\"index\":3,\"time\":1300000000,\"process\":0,\"type\":\"ok\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":2,\"partition\":0,\"offset\":1}}\n"
            + "{\"index\":4,\"time\":3000000000,\"process\":1,\"type\":\"invoke\",\"f\":\"drain\",\"value\":null}\n"
            + "{\"index\":5,\"time\":3100000000,\"process\":1,\"type\":\"ok\",\"f\":\"drain\",\"value\":{\"records\":[{\"partition\":0,\"offset\":1,"
            + "\"value\":2}],\"end-offsets\":{\"0\":2},\"start-offsets\":{\"0\":1}}}\n";

    private final StringWriter err = new StringWriter();

    private JsonNode check(Path dir, int exit) throws Exception {
        Path h = dir.resolve("history.jsonl");
        Files.writeString(h, DELETED_AFTER_2_S);
        Path out = dir.resolve("checked.json");
        assertEquals(exit, Main.execute(new PrintWriter(err, true), "check", h.toString(), "--out", out.toString()), err::toString);
        return Json.MAPPER.readTree(out.toFile());
    }

    private static void runJson(Path dir, TopicRetention retention) throws Exception {
        Files.writeString(dir.resolve("run.json"), Json.object().set(RunFields.TOPIC_RETENTION, retention.toJson()).toString());
    }

    @Test
    void kafkasDefaultRetentionMakesTheDeletionPremature(@TempDir Path dir) throws Exception {
        runJson(dir, TopicRetention.KAFKA_DEFAULTS);

        JsonNode r = check(dir, 1);
        assertEquals(1, r.path(ResultsFields.ANOMALIES).path("premature-deletion").path("count").asInt(), r::toPrettyString);
    }

    @Test
    void aOneSecondRetentionLetsItGo(@TempDir Path dir) throws Exception {
        runJson(dir, new TopicRetention(1, -1, 1 << 20, 1));

        assertEquals(1, check(dir, 0).path(ResultsFields.STATS).path(ResultsFields.Stats.EXPIRED).asInt());
    }

    @Test
    void aRunFolderFromBeforeThePolicyKeepsItExpired(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("run.json"), Json.object().put(RunFields.NAME, "old").toString());

        JsonNode r = check(dir, 0);
        assertEquals(1, r.path(ResultsFields.STATS).path(ResultsFields.Stats.EXPIRED).asInt());
        assertEquals(true, r.path(ResultsFields.WARNINGS).toString().contains("no retention policy recorded"), r::toPrettyString);
    }
}
