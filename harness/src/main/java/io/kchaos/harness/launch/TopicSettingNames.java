package io.kchaos.harness.launch;

import org.apache.kafka.common.config.TopicConfig;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The names of Kafka's topic-level settings ({@code TopicConfig}'s constants), to check a {@code --topic-config}. */
public final class TopicSettingNames {
    private static final Set<String> NAMES = read();

    private TopicSettingNames() {
    }

    /** Every topic setting name the built-in kafka-clients knows. */
    public static Set<String> all() {
        return NAMES;
    }

    /** The names in {@code settings} that are not topic settings, sorted (empty when all are). */
    public static List<String> unknown(Map<String, String> settings) {
        return settings.keySet().stream().filter(k -> !NAMES.contains(k)).sorted().toList();
    }

    private static Set<String> read() {
        Set<String> names = new TreeSet<>();
        for (Field f : TopicConfig.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class && f.getName().endsWith("_CONFIG")) {
                try {
                    names.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    // public constants; cannot happen
                }
            }
        }
        return Collections.unmodifiableSet(names);
    }
}
