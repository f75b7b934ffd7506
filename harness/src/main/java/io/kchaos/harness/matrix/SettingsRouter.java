package io.kchaos.harness.matrix;

import io.kchaos.harness.run.RunOption;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.util.Locale;
import java.util.Set;

/**
 * Routes a {@code --set} key by name: an explicit {@code broker.}, {@code producer.} or {@code consumer.} prefix wins;
 * a {@code run} option's name (e.g. {@code replication-factor}) is that option; a producer-only or consumer-only
 * client setting (as Kafka's ProducerConfig/ConsumerConfig define them, e.g. {@code acks}) goes to that client;
 * everything else is a broker setting. A name both clients share, or one a producer and a topic share (e.g.
 * {@code compression.type}), is refused as ambiguous.
 */
public final class SettingsRouter {
    private static final Set<String> PRODUCER = ProducerConfig.configNames();
    private static final Set<String> CONSUMER = ConsumerConfig.configNames();
    private static final Set<String> TOPIC = io.kchaos.harness.launch.TopicSettingNames.all();

    private SettingsRouter() {
    }

    /** A routed setting: where it goes and its key there. */
    public record Route(SettingTarget target, String key) {
    }

    /**
     * @throws IllegalArgumentException (one line) for an empty or ambiguous key
     */
    public static Route route(String rawKey) {
        String key = rawKey.strip();
        if (key.isEmpty()) throw new IllegalArgumentException("empty setting name");
        for (SettingTarget t : new SettingTarget[]{SettingTarget.BROKER, SettingTarget.PRODUCER, SettingTarget.CONSUMER}) {
            String prefix = t.name().toLowerCase(Locale.ROOT) + ".";
            if (key.startsWith(prefix) && key.length() > prefix.length()) return new Route(t, key.substring(prefix.length()));
        }
        var field = RunOption.byScenarioKey(key);
        if (field.isPresent() && field.get().kind() != RunOption.Kind.STRING_MAP) {
            return new Route(SettingTarget.RUN, key);
        }
        boolean producer = PRODUCER.contains(key);
        boolean consumer = CONSUMER.contains(key);
        if (producer && consumer) {
            throw new IllegalArgumentException("setting '" + key + "' is both a producer and a consumer setting; write producer." + key + " or consumer." + key);
        }
        if ((producer || consumer) && TOPIC.contains(key)) {
            String client = producer ? "producer" : "consumer";
            throw new IllegalArgumentException("setting '" + key + "' is both a " + client + " and a broker/topic setting; write "
                    + client + "." + key + " or broker." + key);
        }
        if (producer) return new Route(SettingTarget.PRODUCER, key);
        if (consumer) return new Route(SettingTarget.CONSUMER, key);
        return new Route(SettingTarget.BROKER, key);
    }
}
