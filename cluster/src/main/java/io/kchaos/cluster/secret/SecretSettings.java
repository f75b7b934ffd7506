package io.kchaos.cluster.secret;

import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Which broker, producer and consumer settings are secrets that kchaos never writes down (run.json, the console, the
 * kept server.properties): those Kafka's own config definitions type {@code PASSWORD}, the broker's own password
 * settings, and any key ending in {@code .password}, also under a {@code listener.name.<name>.[<mechanism>.]} prefix.
 */
public final class SecretSettings {
    /** What a secret's value is written as. */
    public static final String REDACTED = "[redacted]";

    private static final String LISTENER_PREFIX = "listener.name.";
    /** The broker's PASSWORD settings the clients do not have (KafkaConfig, not in kafka-clients). */
    private static final Set<String> BROKER_ONLY = Set.of("password.encoder.secret", "password.encoder.old.secret",
            "delegation.token.secret.key", "delegation.token.master.key");
    private static final Set<String> NAMES = names();

    private SecretSettings() {
    }

    private static Set<String> names() {
        Set<String> names = new TreeSet<>(BROKER_ONLY);
        Stream.of(ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef())
                .flatMap(d -> d.configKeys().values().stream())
                .filter(k -> k.type == ConfigDef.Type.PASSWORD)
                .forEach(k -> names.add(k.name));
        return Set.copyOf(names);
    }

    /** True when {@code key}'s value is a secret. */
    public static boolean isSecret(String key) {
        if (plainSecret(key)) return true;
        if (!key.startsWith(LISTENER_PREFIX)) return false;
        String rest = after(key.substring(LISTENER_PREFIX.length())); // past the listener's name
        return rest != null && (plainSecret(rest) || plainSecret(after(rest))); // past a SASL mechanism too
    }

    private static boolean plainSecret(String key) {
        return key != null && (NAMES.contains(key) || key.endsWith(".password"));
    }

    private static String after(String key) {
        int dot = key.indexOf('.');
        return dot < 0 ? null : key.substring(dot + 1);
    }

    /** {@code value}, or {@link #REDACTED} when {@code key} is a secret. */
    public static String shown(String key, String value) {
        return isSecret(key) ? REDACTED : value;
    }

    /** A copy of {@code settings} (in its order) with every secret's value {@link #REDACTED}. */
    public static Map<String, String> redacted(Map<String, String> settings) {
        Map<String, String> out = new LinkedHashMap<>();
        settings.forEach((k, v) -> out.put(k, shown(k, v)));
        return out;
    }

    /** The secrets of {@code settings} whose value is {@link #REDACTED}, read back from a record that did not keep them. */
    public static List<String> notKept(Map<String, String> settings) {
        return settings.entrySet().stream().filter(e -> REDACTED.equals(e.getValue()) && isSecret(e.getKey())).map(Map.Entry::getKey).toList();
    }
}
