package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.TieredStorage;
import io.kchaos.harness.launch.BrokerRelease;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.RunJson;
import io.kchaos.history.HistoryWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A tiered run's plan: the topic configs the workload gets and run.json records, and the brokers' plugin settings. */
class TieredRunPlanTest {
    @TempDir
    Path store;

    private RunConfig plan(boolean tiered) {
        return TestRunConfig.in(store).cluster(new ClusterConfig(3, null, 256, false, Map.of(), "t", 3, (short) 3,
                QuorumSpec.COMBINED, 1, tiered)).build();
    }

    @Test
    void aTieredTopicGoesRemoteWithinARunAndExpiresFromTheRemoteTierWithinOne() {
        Map<String, String> topic = plan(true).topicConfig();
        assertEquals("true", topic.get("remote.storage.enable"));
        assertEquals("1048576", topic.get("segment.bytes"), "the smallest Kafka 4.x accepts");
        assertEquals("5000", topic.get("local.retention.ms"));
        assertEquals("60000", topic.get("retention.ms"), "remote deletes within a two-minute run");
        assertFalse(topic.containsKey("retention.bytes"));
        assertEquals(Map.of(), plan(false).topicConfig());
        assertEquals(topic, plan(true).workloadContext(() -> "b:9092", (HistoryWriter) null).topicConfig());
    }

    @Test
    void runJsonRecordsTieredItsBucketAndTheTopicsRetention() {
        RunConfig config = plan(true);
        RunFolder folder = RunFolder.create(store, "tiered");
        new RunRecord(config, folder).cluster(RecordedCluster.of(Map.of("log.retention.hours", "1", "log.retention.bytes", "5000000")));
        RunJson run = RunJson.read(folder.dir());
        assertTrue(run.tiered());
        assertEquals(folder.dir().resolve("bucket"), run.tieredBucket().orElseThrow());
        assertEquals("true", run.field(RunFields.TOPIC_CONFIG).path("remote.storage.enable").asText());
        assertEquals("5000", run.field(RunFields.TOPIC_CONFIG).path("local.retention.ms").asText());
        JsonNode retention = run.field(RunFields.TOPIC_RETENTION);
        assertEquals(1_048_576L, retention.get(RunFields.Retention.SEGMENT_BYTES).asLong());
        assertEquals(10_000L, retention.get(RunFields.Retention.SEGMENT_MS).asLong());
        assertEquals(60_000L, retention.get(RunFields.Retention.RETENTION_MS).asLong(), "the tiered topic's own retention");
        assertEquals(5_000_000L, retention.get(RunFields.Retention.RETENTION_BYTES).asLong(), "the brokers' retention where the topic sets none");

        RunFolder plain = RunFolder.create(store, "plain");
        new RunRecord(plan(false), plain).cluster(RecordedCluster.of(Map.of()));
        assertFalse(RunJson.read(plain.dir()).tiered());
        assertTrue(RunJson.read(plain.dir()).field(RunFields.TOPIC_CONFIG).isEmpty());
        assertTrue(RunJson.read(plain.dir()).tieredBucket().isEmpty());
    }

    /** {@code --topic-config}: the user's topic settings win over a tiered run's and set the retention run.json records. */
    @Test
    void topicSettingsGivenGoOverTheTieredOnesAndIntoTheRecordedRetention() {
        RunConfig config = TestRunConfig.in(store).cluster(new ClusterConfig(3, null, 256, false, Map.of(), "t", 3, (short) 3,
                QuorumSpec.COMBINED, 1, true, io.kchaos.cluster.security.SecurityMode.PLAINTEXT,
                Map.of("local.retention.ms", "-2", "retention.bytes", "2200000"))).build();
        Map<String, String> topic = config.topicConfig();
        assertEquals("-2", topic.get("local.retention.ms"), "the user's, over the tiered run's 5000");
        assertEquals("true", topic.get("remote.storage.enable"));
        RunFolder folder = RunFolder.create(store, "topic-config");
        new RunRecord(config, folder).cluster(RecordedCluster.of(Map.of("log.retention.bytes", "1")));
        RunJson run = RunJson.read(folder.dir());
        assertEquals("-2", run.field(RunFields.TOPIC_CONFIG).path("local.retention.ms").asText());
        assertEquals(2_200_000L, run.field(RunFields.TOPIC_RETENTION).get(RunFields.Retention.RETENTION_BYTES).asLong(),
                "the topic's retention.bytes, not the brokers'");
    }

    @Test
    void thePluginSettingsGoWithKchaosDefaultsUnderTheUsersBrokerConfig() {
        Map<String, String> user = Map.of("remote.log.manager.task.interval.ms", "500", "min.insync.replicas", "1");
        Map<String, String> resolved = new LinkedHashMap<>(ServerProperties.harnessDefaults(3));
        resolved.putAll(user);
        Path bucket = store.resolve("run/bucket");
        BrokerRelease release = new BrokerRelease(null, resolved)
                .withKchaosSettings(new TieredStorage(Path.of("/x/kchaos-tiered-storage.jar"), bucket).brokerSettings(3), user);
        Map<String, String> s = release.settings();
        assertEquals("true", s.get(TieredStorage.SYSTEM_ENABLE));
        assertEquals(TieredStorage.MANAGER_CLASS, s.get("remote.log.storage.manager.class.name"));
        assertEquals(bucket.toString(), s.get("rsm.config.bucket.dir"));
        assertEquals("3", s.get("rlmm.config.remote.log.metadata.topic.replication.factor"));
        assertEquals("500", s.get("remote.log.manager.task.interval.ms"), "the user's value wins");
        assertEquals("1", s.get("min.insync.replicas"));
    }

    @Test
    void aBucketThatCannotBeReadIsAWarningNotAVerdict() {
        CheckResult r = new CheckResult();
        assertTrue(Judges.remoteTier(r, store.resolve("no-bucket"), "kchaos-queue").valid());
        assertTrue(r.valid());
        assertFalse(r.stats().has(ResultsFields.Stats.TIERED));
        assertTrue(r.toJson().toString().contains("no stats.tiered"), r.toJson().toString());
    }
}
