package io.kchaos.harness.launch;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Refuses {@code --producer-config} / {@code --consumer-config} / {@code --broker-config} keys before a run starts: an
 * empty key always, and a client key that kafka-clients' own ProducerConfig / ConsumerConfig does not define (a client
 * would only log and ignore it, and the run would test something else than the user meant). Broker keys are checked
 * against the chosen release's own definitions once its jars are known ({@code KafkaDistribution#unknownSettings}).
 */
public final class SettingNames {
    private SettingNames() {
    }

    /**
     * Throws IllegalArgumentException (one line) for an empty key in any of the maps, or, when the run's clients are
     * Java's ({@code javaClients}), a client key kafka-clients does not define; another library (librdkafka) checks its
     * own names when its client is probed.
     */
    public static void check(Map<String, String> broker, Map<String, String> producer, Map<String, String> consumer, boolean javaClients) {
        refuseEmpty("--broker-config", broker);
        refuseEmpty("--producer-config", producer);
        refuseEmpty("--consumer-config", consumer);
        if (!javaClients) return;
        refuseUnknown("--producer-config", "producer", producer, ProducerConfig.configNames());
        refuseUnknown("--consumer-config", "consumer", consumer, ConsumerConfig.configNames());
    }

    private static void refuseEmpty(String option, Map<String, String> settings) {
        for (String key : settings.keySet()) {
            if (key.isBlank()) throw new IllegalArgumentException(option + " needs KEY=VALUE with a non-empty key");
        }
    }

    private static void refuseUnknown(String option, String client, Map<String, String> settings, Set<String> known) {
        List<String> unknown = settings.keySet().stream().filter(k -> !known.contains(k)).sorted().toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(option + ": Kafka's " + client + " does not define " + String.join(", ", unknown)
                    + " (a typo? the client would ignore it)");
        }
    }

    /** Refuses broker keys the release does not define, named with the release. */
    static void refuseUnknownBroker(String version, List<String> unknown) {
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("--broker-config: Kafka " + version + " does not define " + String.join(", ", unknown)
                    + " (a typo, or a setting of another release? its brokers would ignore it)");
        }
    }
}
