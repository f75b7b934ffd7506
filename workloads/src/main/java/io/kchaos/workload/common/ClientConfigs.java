package io.kchaos.workload.common;

import io.kchaos.workload.WorkloadContext;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.util.HashMap;
import java.util.Map;

/**
 * Builds the workloads' client settings: kchaos's defaults first, the user's overrides on top, then the few
 * adjustments Kafka would otherwise reject (idempotence with acks other than all, a delivery timeout shorter than
 * linger + request timeout) — made only for settings the user did not set explicitly.
 */
public final class ClientConfigs {
    /**
     * Above the time a killed leader's partitions stay unwritable (Kafka's 9 s broker session, the heartbeat, a
     * controller election: KafkaBounds.fencing, 24 s with Kafka's defaults). A shorter one lets batches expire in
     * every leader failover, and the idempotent producer then bumps its epoch and re-sends batches that may already be
     * written: duplicates Kafka allows (docs/findings.md, idempotent-epoch-bump), which a default run must not report.
     */
    public static final int DELIVERY_TIMEOUT_MS = 30_000;
    public static final int REQUEST_TIMEOUT_MS = 3_000;
    static final int LINGER_MS = 1;
    public static final int MAX_BLOCK_MS = 5_000;
    private static final int MAX_IN_FLIGHT_FOR_IDEMPOTENCE = 5;

    private ClientConfigs() {
    }

    /**
     * A workload's producer: kchaos's defaults, the cluster's security settings, the workload's own ({@code workload}),
     * then the user's ({@code ctx.producerConfig()}), for the cluster's current bootstrap list.
     */
    public static Map<String, Object> producer(WorkloadContext ctx, String clientId, Map<String, String> workload) {
        return producer(ctx.bootstrapServers().get(), clientId, secured(ctx, workload), ctx.producerConfig());
    }

    /** A workload's consumer: kchaos's defaults, the cluster's security settings, the workload's own, then the user's. */
    public static Map<String, Object> consumer(WorkloadContext ctx, String clientId, Map<String, String> workload) {
        return consumer(ctx.bootstrapServers().get(), clientId, secured(ctx, workload), ctx.consumerConfig());
    }

    /** A workload's admin client: {@link #admin(String)} with the cluster's security settings. */
    public static Map<String, Object> admin(WorkloadContext ctx) {
        Map<String, Object> c = admin(ctx.bootstrapServers().get());
        c.putAll(ctx.security());
        return c;
    }

    /** The cluster's security settings with the workload's own on top. */
    private static Map<String, String> secured(WorkloadContext ctx, Map<String, String> workload) {
        Map<String, String> s = new HashMap<>(ctx.security());
        s.putAll(workload);
        return s;
    }

    /** Producer settings: acks=all, idempotence, bounded timeouts, String serializers, then {@code user}. */
    public static Map<String, Object> producer(String bootstrap, String clientId, Map<String, String> user) {
        return producer(bootstrap, clientId, Map.of(), user);
    }

    /**
     * Producer settings: kchaos's defaults, then the workload's own ({@code workload}, e.g. a transactional.id), then
     * the user's.
     */
    public static Map<String, Object> producer(String bootstrap, String clientId, Map<String, String> workload,
                                               Map<String, String> user) {
        Map<String, Object> c = new HashMap<>();
        c.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
        c.put(ProducerConfig.ACKS_CONFIG, "all");
        c.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        c.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(DELIVERY_TIMEOUT_MS));
        c.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS));
        c.put(ProducerConfig.LINGER_MS_CONFIG, String.valueOf(LINGER_MS));
        c.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, String.valueOf(MAX_BLOCK_MS));
        c.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        c.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        c.putAll(workload);
        c.putAll(user);
        if (!user.containsKey(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG) && conflictsWithIdempotence(c)) {
            c.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        }
        if (!user.containsKey(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG)) {
            long floor = intSetting(c, ProducerConfig.LINGER_MS_CONFIG, LINGER_MS)
                    + intSetting(c, ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, REQUEST_TIMEOUT_MS);
            long wanted = intSetting(c, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, DELIVERY_TIMEOUT_MS); // the workload's, else ours
            c.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(Math.max(wanted, floor)));
        }
        return c;
    }

    /** Consumer settings: String deserializers, no auto commit, no group (the workload assigns), then {@code user}. */
    public static Map<String, Object> consumer(String bootstrap, String clientId, Map<String, String> user) {
        return consumer(bootstrap, clientId, Map.of(), user);
    }

    /** Consumer settings: kchaos's defaults, then the workload's own (e.g. a group.id), then the user's. */
    public static Map<String, Object> consumer(String bootstrap, String clientId, Map<String, String> workload,
                                               Map<String, String> user) {
        Map<String, Object> c = new HashMap<>();
        c.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        c.putAll(workload);
        c.putAll(user);
        return c;
    }

    /** Admin settings for creating the topic: the bootstrap list and short request timeouts. */
    public static Map<String, Object> admin(String bootstrap) {
        Map<String, Object> c = new HashMap<>();
        c.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(CommonClientConfigs.CLIENT_ID_CONFIG, "kchaos-admin");
        c.put(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS * 2));
        c.put(CommonClientConfigs.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS * 4));
        return c;
    }

    /** Idempotence requires acks=all, retries &gt; 0 and at most 5 requests in flight. */
    static boolean conflictsWithIdempotence(Map<String, Object> c) {
        String acks = String.valueOf(c.get(ProducerConfig.ACKS_CONFIG)).trim().toLowerCase();
        boolean ackAll = acks.equals("all") || acks.equals("-1");
        return !ackAll
                || intSetting(c, ProducerConfig.RETRIES_CONFIG, Integer.MAX_VALUE) == 0
                || intSetting(c, ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5) > MAX_IN_FLIGHT_FOR_IDEMPOTENCE;
    }

    /** An integer setting, or {@code fallback} when absent or not a number (Kafka itself reports bad values). */
    public static long intSetting(Map<String, Object> c, String key, long fallback) {
        Object v = c.get(key);
        if (v == null) return fallback;
        try {
            return Long.parseLong(v.toString().trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
