package io.kchaos.cluster;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Kafka's tiered storage with kchaos's own storage manager (module tiered-storage): the broker settings that load its
 * jar through Kafka's plugin class path and point it at a bucket folder every broker of the cluster shares.
 *
 * @param pluginJar the tiered-storage jar, as the broker process sees it
 * @param bucketDir the bucket folder, the same for every broker, as the broker processes see it
 */
public record TieredStorage(Path pluginJar, Path bucketDir) {
    /** The storage manager in the plugin jar (module tiered-storage). */
    public static final String MANAGER_CLASS = "io.kchaos.tiered.BucketStorageManager";
    public static final String SYSTEM_ENABLE = "remote.log.storage.system.enable";
    /** The listener the metadata manager's clients use; {@link ServerProperties} fills in each broker's inter-broker one. */
    public static final String METADATA_LISTENER = "remote.log.metadata.manager.listener.name";
    static final String TOPIC_BASED_METADATA_MANAGER = "org.apache.kafka.server.log.remote.metadata.storage.TopicBasedRemoteLogMetadataManager";
    /** The storage manager's and the metadata manager's settings prefixes, Kafka's defaults, given explicitly. */
    static final String RSM_PREFIX = "rsm.config.";
    static final String RLMM_PREFIX = "rlmm.config.";
    /** The storage manager's bucket folder (its {@code BucketStorageManager.BUCKET_DIR} under its prefix). */
    static final String BUCKET_DIR = RSM_PREFIX + "bucket.dir";

    /** The bucket folder that broker settings made by {@link #brokerSettings} point at, if they are a tiered cluster's. */
    public static Optional<Path> bucketOf(Map<String, String> settings) {
        String dir = settings.get(BUCKET_DIR);
        return dir == null || dir.isBlank() ? Optional.empty() : Optional.of(Path.of(dir));
    }

    /**
     * The settings of every node, controllers included (a KRaft controller refuses {@code remote.storage.enable} on a
     * topic unless the system is enabled on it too): the metadata topic replicated to every broker, and the broker's
     * remote-log tasks every second instead of Kafka's 30 s, so that segments go remote within a short run.
     */
    public Map<String, String> brokerSettings(int brokers) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(SYSTEM_ENABLE, "true");
        s.put("remote.log.storage.manager.class.name", MANAGER_CLASS);
        s.put("remote.log.storage.manager.class.path", pluginJar.toString());
        s.put("remote.log.storage.manager.impl.prefix", RSM_PREFIX);
        s.put(BUCKET_DIR, bucketDir.toString());
        s.put("remote.log.metadata.manager.class.name", TOPIC_BASED_METADATA_MANAGER);
        s.put("remote.log.metadata.manager.impl.prefix", RLMM_PREFIX);
        s.put(RLMM_PREFIX + "remote.log.metadata.topic.replication.factor", Integer.toString(brokers));
        s.put("remote.log.manager.task.interval.ms", "1000");
        return s;
    }
}
