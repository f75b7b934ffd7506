package io.kchaos.harness.run;

import java.util.Map;
import java.util.Set;

/**
 * Which broker, producer and consumer settings the user gave on the command line; the other given ones came from the
 * scenario, and the rest of the effective settings are kchaos's defaults.
 */
public record SettingOrigins(Set<String> userBroker, Set<String> userProducer, Set<String> userConsumer) {
    /** Where an effective setting came from, as written in run.json's {@code effective-settings}. */
    public enum Source {
        USER("user"), SCENARIO("scenario"), KCHAOS("kchaos");

        private final String wire;

        Source(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    /** No setting given on the command line. */
    public static final SettingOrigins NONE = new SettingOrigins(Set.of(), Set.of(), Set.of());

    public SettingOrigins {
        userBroker = Set.copyOf(userBroker);
        userProducer = Set.copyOf(userProducer);
        userConsumer = Set.copyOf(userConsumer);
    }

    /** The keys of the three command-line maps, taken before a scenario is merged into them. */
    public static SettingOrigins ofCommandLine(Map<String, String> broker, Map<String, String> producer, Map<String, String> consumer) {
        return new SettingOrigins(broker.keySet(), producer.keySet(), consumer.keySet());
    }

    /** The source of {@code key}: the user's keys, else the given (user + scenario) map's, else kchaos's. */
    public static Source of(String key, Set<String> user, Map<String, String> given) {
        if (user.contains(key)) return Source.USER;
        return given.containsKey(key) ? Source.SCENARIO : Source.KCHAOS;
    }
}
