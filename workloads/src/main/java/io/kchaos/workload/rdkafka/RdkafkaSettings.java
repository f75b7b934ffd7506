package io.kchaos.workload.rdkafka;

import io.kchaos.workload.common.ClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The librdkafka settings of a run: the same kchaos defaults and user settings as the Java client's
 * ({@link ClientConfigs}), passed by name (librdkafka knows acks, enable.idempotence, retries, linger.ms,
 * delivery.timeout.ms, request.timeout.ms, ...), without the Java-only defaults (serializers, max.block.ms). A user
 * setting librdkafka does not know stays in, so that the driver refuses it before the run starts.
 */
final class RdkafkaSettings {
    private static final Set<String> JAVA_ONLY = Set.of(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ProducerConfig.MAX_BLOCK_MS_CONFIG,
            ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG);

    /** librdkafka's timeout of any request but a Produce's acknowledgement. */
    static final String SOCKET_TIMEOUT_MS = "socket.timeout.ms";

    private RdkafkaSettings() {
    }

    static Map<String, String> producer(String bootstrap, String clientId, Map<String, String> user) {
        return librdkafka(ClientConfigs.producer(bootstrap, clientId, user), user);
    }

    /**
     * A transactional producer's librdkafka settings, and how long its calls wait: {@code block} for init, commit and
     * abort (the Java client's max.block.ms, which librdkafka takes as those calls' timeout instead of a setting) and
     * {@code delivery} for a flush (delivery.timeout.ms: every record's report comes within it).
     */
    record Transactional(Map<String, String> config, Duration block, Duration delivery) {
    }

    /**
     * Transactional producer settings: kchaos's defaults, then the workload's (its transactional.id), then the user's.
     * The Java client's request.timeout.ms bounds every request, EndTxn included; librdkafka's bounds only a Produce's
     * acknowledgement and times its other requests out after socket.timeout.ms (60 s), so the same value is given as
     * socket.timeout.ms unless the user gave one: a transaction's requests then time out as the Java client's do.
     */
    static Transactional transactional(String bootstrap, String clientId, Map<String, String> workload, Map<String, String> user) {
        Map<String, Object> java = ClientConfigs.producer(bootstrap, clientId, workload, user);
        Map<String, String> config = librdkafka(java, user);
        config.putIfAbsent(SOCKET_TIMEOUT_MS, config.get(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG));
        return new Transactional(config,
                Duration.ofMillis(ClientConfigs.intSetting(java, ProducerConfig.MAX_BLOCK_MS_CONFIG, ClientConfigs.MAX_BLOCK_MS)),
                Duration.ofMillis(ClientConfigs.intSetting(java, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, ClientConfigs.DELIVERY_TIMEOUT_MS)));
    }

    /**
     * Consumer settings: as the Java client's, plus a group.id librdkafka insists on (never joined: partitions are
     * assigned, nothing is committed), read_uncommitted (the Java default; librdkafka's is read_committed) and no
     * end-of-partition events.
     */
    static Map<String, String> consumer(String bootstrap, String clientId, Map<String, String> workload, Map<String, String> user) {
        Map<String, String> rd = new java.util.HashMap<>(Map.of(ConsumerConfig.GROUP_ID_CONFIG, "kchaos-" + clientId,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted", "enable.partition.eof", "false"));
        rd.putAll(workload);
        return librdkafka(ClientConfigs.consumer(bootstrap, clientId, rd, user), user);
    }

    private static Map<String, String> librdkafka(Map<String, Object> java, Map<String, String> user) {
        Map<String, String> out = new TreeMap<>();
        java.forEach((k, v) -> {
            if (!JAVA_ONLY.contains(k) || user.containsKey(k)) out.put(k, String.valueOf(v));
        });
        return out;
    }
}
