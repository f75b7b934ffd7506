package io.kchaos.harness.cli;

import io.kchaos.history.folder.RunFields;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.secret.SecretSettings;
import io.kchaos.harness.run.RunOption;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies a previous run's settings (its run.json) to a parsed {@code run --replay-faults} command: every option of
 * {@link RunOption}'s table that a replay takes back ({@link RunOption#replayed()}, the consistency model included)
 * takes the original run's value unless the command line gave it (the Kafka release too, unless it was the bundled
 * one); the maps merge key by key, the command line winning. A secret run.json holds only redacted must be given again.
 */
final class RunJsonDefaults {
    private RunJsonDefaults() {
    }

    /**
     * Applies {@code run} to {@code spec}'s options; returns what it took, for the console ("time-limit-seconds=35, ...").
     * Throws IllegalArgumentException when a setting taken back is a secret run.json recorded redacted.
     */
    static List<String> apply(JsonNode run, CommandSpec spec) {
        var given = spec.commandLine().getParseResult();
        List<String> taken = new ArrayList<>();
        for (RunOption setting : RunOption.values()) {
            if (!setting.replayed()) continue;
            String field = setting.runJsonField().orElseThrow();
            JsonNode v = run.get(field);
            if (v == null || v.isNull()) continue;
            OptionSpec option = spec.findOption(setting.option());
            if (!given.hasMatchedOption(option) || v.isObject()) {
                ScenarioDefaults.underCommandLine(option, typed(v, option.type()), given);
                if (!given.hasMatchedOption(option)) taken.add(field);
            }
            if (setting.kind() == RunOption.Kind.STRING_MAP) refuseRedacted(setting, option.getValue());
        }
        String version = run.path(RunFields.KAFKA_VERSION).asText("");
        OptionSpec kafkaVersion = spec.findOption(RunOption.KAFKA_VERSION.option());
        if (!version.isEmpty() && !given.hasMatchedOption(kafkaVersion) && !given.hasMatchedOption("--kafka-home")
                && !version.equals(KafkaDistribution.bundled().version())) {
            kafkaVersion.setValue(version);
            taken.add(RunFields.KAFKA_VERSION);
        }
        return taken;
    }

    private static void refuseRedacted(RunOption setting, Map<String, String> merged) {
        List<String> keys = merged == null ? List.of() : SecretSettings.notKept(merged);
        if (keys.isEmpty()) return;
        throw new IllegalArgumentException("the run recorded the secret " + String.join(", ", keys) + " but does not keep its value: give it again ("
                + setting.option() + " " + keys.get(0) + "=...)");
    }

    private static Object typed(JsonNode v, Class<?> type) {
        if (type == boolean.class || type == Boolean.class) return v.asBoolean();
        if (type == int.class || type == Integer.class) return v.asInt();
        if (type == long.class || type == Long.class) return v.asLong();
        if (type == double.class || type == Double.class) return v.asDouble();
        if (Map.class.isAssignableFrom(type)) {
            Map<String, String> m = new LinkedHashMap<>();
            v.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
            return m;
        }
        if (List.class.isAssignableFrom(type)) {
            List<String> l = new ArrayList<>();
            v.forEach(e -> l.add(e.asText()));
            return l;
        }
        return v.asText();
    }
}
