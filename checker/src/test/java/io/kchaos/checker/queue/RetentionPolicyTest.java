package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.ValuePadding;
import io.kchaos.history.folder.FolderJson;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.RunJson;
import io.kchaos.history.folder.TopicRetention;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the checker reads of a run's retention from run.json, and how a live config change widens it. */
class RetentionPolicyTest {
    private static RunJson run(ObjectNode root) {
        return new RunJson(new FolderJson(Path.of("run.json"), root, FolderJson.Status.READ, null));
    }

    @Test
    void runJsonGivesThePolicyTheProducersIdempotenceAndTheHostsClockSkew() {
        ObjectNode root = Json.object();
        root.set(RunFields.TOPIC_RETENTION, new TopicRetention(30_000, -1, 1 << 20, 2_000).toJson());
        root.putObject(RunFields.EFFECTIVE_SETTINGS).putObject(RunFields.Setting.PRODUCER).putObject("enable.idempotence")
                .put(RunFields.Setting.VALUE, "true").put(RunFields.Setting.FROM, "kchaos");
        ObjectNode hosts = root.putObject(RunFields.HOST_CLOCK_OFFSETS);
        hosts.putObject("1").put("offset-ms", -12.5).put("round-trip-ms", 0.7);
        hosts.putObject("2").put("offset-ms", 3.0).put("round-trip-ms", 0.4);

        RetentionPolicy p = RetentionPolicy.of(run(root)).orElseThrow();

        assertEquals(new TopicRetention(30_000, -1, 1 << 20, 2_000), p.topic());
        assertTrue(p.idempotent());
        assertEquals(RetentionPolicy.BASE_CLOCK_SLACK_MS + 14, p.clockSlackMs()); // 12.5 + 0.7, rounded up
    }

    @Test
    void aRunJsonWithoutTopicRetentionGivesNoPolicy() {
        assertEquals(Optional.empty(), RetentionPolicy.of(run(Json.object().put(RunFields.NAME, "old"))));
        ObjectNode partial = Json.object();
        partial.putObject(RunFields.TOPIC_RETENTION).put(RunFields.Retention.RETENTION_MS, 1000);
        assertEquals(Optional.empty(), RetentionPolicy.of(run(partial)));
    }

    @Test
    void producersNotSaidToBeIdempotentAreNot() {
        ObjectNode root = Json.object();
        root.set(RunFields.TOPIC_RETENTION, TopicRetention.KAFKA_DEFAULTS.toJson());

        RetentionPolicy p = RetentionPolicy.of(run(root)).orElseThrow();

        assertFalse(p.idempotent());
        assertEquals(RetentionPolicy.BASE_CLOCK_SLACK_MS, p.clockSlackMs());
    }

    @Test
    void aLiveChangeKeepsTheMostPermissiveValues() {
        RetentionPolicy p = new RetentionPolicy(new TopicRetention(-1, 5_000, 100, 10), true, 1);

        assertEquals(new TopicRetention(1_000, 5_000, 100, 10), p.widened("retention.ms", "1000").orElseThrow().topic());
        assertEquals(new TopicRetention(-1, 5_000, 100, 10), p.widened("retention.bytes", "-1").orElseThrow().topic());
        assertEquals(new TopicRetention(-1, 4_000, 100, 10), p.widened("retention.bytes", "4000").orElseThrow().topic());
        assertEquals(new TopicRetention(-1, 5_000, 200, 10), p.widened("segment.bytes", "200").orElseThrow().topic());
        assertEquals(new TopicRetention(-1, 5_000, 100, 10), p.widened("segment.ms", "5").orElseThrow().topic());
        assertEquals(p, p.widened("min.insync.replicas", "3").orElseThrow());
        assertEquals(p, p.widened("cleanup.policy", "compact").orElseThrow());
        assertEquals(Optional.empty(), p.widened("retention.ms", "soon"));
    }

    @Test
    void theQueueWorkloadsValueBytesGivesThePadding() {
        ObjectNode root = Json.object();
        root.set(RunFields.TOPIC_RETENTION, TopicRetention.KAFKA_DEFAULTS.toJson());
        assertEquals(0, RetentionPolicy.of(run(root)).orElseThrow().valueBytes(), "absent: not padded");

        root.putObject(RunFields.WORKLOAD_OPTIONS).put(ValuePadding.OPTION, "4096").put("in-flight", "8");
        RetentionPolicy p = RetentionPolicy.of(run(root)).orElseThrow();
        assertEquals(4096, p.valueBytes());
        assertEquals(Deletions.MAX_RECORD_LOG_BYTES + 4096, p.recordBytesAtMost());
        assertEquals(4096, p.widened(RunFields.Retention.RETENTION_BYTES, "1000").orElseThrow().valueBytes());

        ((ObjectNode) root.get(RunFields.WORKLOAD_OPTIONS)).put(ValuePadding.OPTION, 512);
        assertEquals(512, RetentionPolicy.of(run(root)).orElseThrow().valueBytes(), "a scenario's number");

        ((ObjectNode) root.get(RunFields.WORKLOAD_OPTIONS)).put(ValuePadding.OPTION, "lots");
        assertEquals(Optional.empty(), RetentionPolicy.of(run(root)), "a padding that is no size leaves the bound unknown");
    }
}
