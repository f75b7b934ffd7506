package io.kchaos.backend.local.storage;

import io.kchaos.checker.replica.BatchInfo;
import io.kchaos.checker.replica.BrokerLogDir;
import io.kchaos.checker.replica.LogCursor;
import io.kchaos.checker.replica.LogEvent;
import io.kchaos.checker.replica.PartitionDir;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaBounds;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.backend.local.LocalCluster;
import io.kchaos.backend.local.LoopbackHosts;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.nemesis.cluster.PowerControl.DroppedBytes;
import io.kchaos.testkit.ShortBrokerSession;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exactness on a real broker: 40 records written with {@code flush.messages=1} (each fsynced by Kafka), 40 more with
 * flushing off, then power loss. The segment must end exactly where the 40th synced batch ends (negative control: the
 * unsynced 40 are gone; positive control: every synced byte is kept), read back with the replica audit's reader; the
 * KRaft metadata log must hold only whole, CRC-valid batches, and the broker must start again on what is left.
 */
@Tag("cluster")
class PowerLossExactnessTest {
    /** kchaos's defaults with a 4 s broker session: the broker is back once its old session expired after the power loss */
    private static final Map<String, String> SETTINGS = ShortBrokerSession.with(ServerProperties.harnessDefaults(1));
    private static final String TOPIC = "exact";
    private static final int SYNCED = 40;
    private static final int UNSYNCED = 40;
    private static final KafkaBounds BOUNDS = new KafkaBounds(SETTINGS);

    @Test
    void aPowerLossLeavesExactlyTheSyncedBytes(@TempDir Path dir) throws Exception {
        ClusterSpec spec = new ClusterSpec(1, KafkaDistribution.bundled(), SETTINGS, 384, Duration.ofSeconds(90));
        try (LocalCluster c = new LocalCluster(spec, dir, new LoopbackHosts(), new ProcessCommandRunner()).trackSyncs(SyncTracking.withBundledAgent())) {
            c.start();
            try (Admin admin = c.admin(); KafkaProducer<String, String> producer = producer(c.bootstrapServers())) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1).configs(Map.of("flush.messages", "1")))).all().get();
                for (int i = 0; i < SYNCED; i++) producer.send(new ProducerRecord<>(TOPIC, "synced-" + i)).get();
                ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, TOPIC);
                admin.incrementalAlterConfigs(Map.of(topic, List.of(new AlterConfigOp(new ConfigEntry("flush.messages", null),
                        AlterConfigOp.OpType.DELETE)))).all().get();
                // Seen, not slept on: the broker answers describeConfigs from the metadata image it has published, and
                // it hands the same image to its logs' configurations at once, on the same thread; an unsynced record
                // sent before then would be fsynced and survive the cut (the exactness checks below would fail)
                Readiness.waitUntil(System.nanoTime() + BOUNDS.metadataPropagation().toNanos(), "the broker no longer flushes " + TOPIC
                        + " on every message", () -> !flushesEveryMessage(admin, topic));
                for (int i = 0; i < UNSYNCED; i++) producer.send(new ProducerRecord<>(TOPIC, "unsynced-" + i)).get();
            }
            Path data = c.node(1).dataDir();
            List<DroppedBytes> dropped = c.power().orElseThrow().cut(List.of(1), false, new Random(1)).get(1);

            List<BatchInfo> batches = batches(data, TOPIC);
            Path segment = batches.get(0).segment();
            assertEquals(SYNCED - 1, batches.get(batches.size() - 1).lastOffset(), "the synced records and no other remain");
            BatchInfo last = batches.get(batches.size() - 1);
            assertEquals(last.position() + last.sizeInBytes(), Files.size(segment), "the segment ends where the last synced batch ends");
            assertTrue(batches.stream().allMatch(BatchInfo::crcValid));
            DroppedBytes cut = dropped.stream().filter(d -> d.file().startsWith(TOPIC + "-0/") && d.file().endsWith(".log")).findFirst().orElseThrow();
            assertEquals(Files.size(segment), cut.after());
            assertTrue(cut.dropped() > UNSYNCED * 20L, "the unsynced batches' bytes were dropped: " + cut);

            List<BatchInfo> metadata = batches(data, "__cluster_metadata");
            // The broker registered, the topic was made and its config changed twice: at least that many batches
            // were committed, and so fsynced, before the cut
            assertTrue(metadata.size() >= 3, "the metadata log keeps its committed batches: " + metadata.size());
            assertTrue(metadata.stream().allMatch(BatchInfo::crcValid), "the metadata log holds only CRC-valid batches: " + metadata);

            c.start(1);
            try (Admin admin = c.admin()) {
                Readiness.awaitFullIsr(admin, TOPIC, System.nanoTime() + BOUNDS.rejoin().toNanos());
                TopicPartition tp = new TopicPartition(TOPIC, 0);
                long end = admin.listOffsets(Map.of(tp, OffsetSpec.latest())).partitionResult(tp).get().offset();
                assertEquals(SYNCED, end, "the restarted broker serves exactly the synced records");
            }
        }
    }

    /** Whether the broker still reports the topic's own {@code flush.messages} override. */
    private static boolean flushesEveryMessage(Admin admin, ConfigResource topic) throws Exception {
        Config config = admin.describeConfigs(List.of(topic)).all().get(10, TimeUnit.SECONDS).get(topic);
        ConfigEntry e = config.get("flush.messages");
        return e != null && e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG;
    }

    /** Every batch of the topic's partition 0 on this log dir; fails on any unparseable bytes. */
    private static List<BatchInfo> batches(Path logDir, String topic) {
        PartitionDir partition = BrokerLogDir.open(logDir, t -> t.equals(topic)).partitions().get(0);
        List<BatchInfo> out = new ArrayList<>();
        try (LogCursor cursor = partition.openCursor()) {
            for (LogEvent e = cursor.next(); e != null; e = cursor.next()) {
                if (!(e instanceof BatchInfo b)) throw new AssertionError(topic + ": unparseable bytes " + e);
                out.add(b);
            }
        }
        return out;
    }

    private static KafkaProducer<String, String> producer(String bootstrap) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }
}
