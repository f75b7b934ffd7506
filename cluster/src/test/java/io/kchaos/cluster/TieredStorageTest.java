package io.kchaos.cluster;

import io.kchaos.nemesis.cluster.NodeRole;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The tiered-storage settings and how server.properties renders them for brokers and controllers. */
class TieredStorageTest {
    private static final TieredStorage TIERED = new TieredStorage(Path.of("/k/plugins/kchaos-tiered-storage-0.1.0.jar"), Path.of("/run/bucket"));

    @Test
    void theSettingsLoadThePluginOnItsBucketWithTopicBasedMetadata() {
        Map<String, String> s = TIERED.brokerSettings(3);
        assertEquals("true", s.get("remote.log.storage.system.enable"));
        assertEquals("io.kchaos.tiered.BucketStorageManager", s.get("remote.log.storage.manager.class.name"));
        assertEquals("/k/plugins/kchaos-tiered-storage-0.1.0.jar", s.get("remote.log.storage.manager.class.path"));
        assertEquals("rsm.config.", s.get("remote.log.storage.manager.impl.prefix"));
        assertEquals("/run/bucket", s.get("rsm.config.bucket.dir"));
        assertEquals("org.apache.kafka.server.log.remote.metadata.storage.TopicBasedRemoteLogMetadataManager",
                s.get("remote.log.metadata.manager.class.name"));
        assertEquals("rlmm.config.", s.get("remote.log.metadata.manager.impl.prefix"));
        assertEquals("3", s.get("rlmm.config.remote.log.metadata.topic.replication.factor"));
        assertEquals("1000", s.get("remote.log.manager.task.interval.ms"));
        assertEquals(9, s.size());
    }

    @Test
    void theBucketIsReadBackFromTheSettingsOfATieredClusterOnly() {
        assertEquals(Optional.of(Path.of("/run/bucket")), TieredStorage.bucketOf(TIERED.brokerSettings(3)));
        assertEquals(Optional.empty(), TieredStorage.bucketOf(Map.of("log.retention.ms", "1000")));
    }

    @Test
    void aBrokerGetsItsInterBrokerListenerForTheMetadataManager() throws Exception {
        Properties docker = render(node("REPLICATION"), NodeRole.BROKER, TIERED.brokerSettings(3));
        assertEquals("REPLICATION", docker.getProperty("remote.log.metadata.manager.listener.name"));
        assertEquals("PLAINTEXT", render(node("PLAINTEXT"), NodeRole.COMBINED, TIERED.brokerSettings(3)).getProperty("remote.log.metadata.manager.listener.name"));
    }

    @Test
    void aControllerEnablesTheSystemButHasNoMetadataListener() throws Exception {
        Properties p = render(node("PLAINTEXT"), NodeRole.CONTROLLER, TIERED.brokerSettings(3));
        assertEquals("true", p.getProperty("remote.log.storage.system.enable"));
        assertNull(p.getProperty("remote.log.metadata.manager.listener.name"));
    }

    @Test
    void theUsersListenerWinsAndNoTieringMeansNoListener() throws Exception {
        Map<String, String> settings = new LinkedHashMap<>(TIERED.brokerSettings(3));
        settings.put("remote.log.metadata.manager.listener.name", "OTHER");
        assertEquals("OTHER", render(node("PLAINTEXT"), NodeRole.BROKER, settings).getProperty("remote.log.metadata.manager.listener.name"));
        assertNull(render(node("PLAINTEXT"), NodeRole.BROKER, Map.of()).getProperty("remote.log.metadata.manager.listener.name"));
    }

    private static NodeListeners node(String interBroker) {
        Map<String, String> bind = new LinkedHashMap<>();
        bind.put(interBroker, "10.0.0.1:9092");
        bind.put(ServerProperties.CONTROLLER, "10.0.0.1:9093");
        return new NodeListeners(1, bind, Map.of(interBroker, "10.0.0.1:9092"), interBroker, "10.0.0.1:9093", List.of("/data/1"));
    }

    private static Properties render(NodeListeners node, NodeRole role, Map<String, String> settings) throws Exception {
        Properties p = new Properties();
        p.load(new StringReader(ServerProperties.render(node, role, QuorumVoters.of(List.of(node), QuorumMode.STATIC), settings)));
        return p;
    }
}
