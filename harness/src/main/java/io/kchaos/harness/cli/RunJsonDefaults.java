package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.cluster.KafkaDistribution;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies a previous run's settings (its run.json) to a parsed {@code run --replay-faults} command: every option the
 * command line did not give takes the original run's value (seed, sizes, load, time limit, broker, producer and
 * consumer settings, workload, Kafka release); the maps merge key by key, the command line winning.
 */
final class RunJsonDefaults {
    /** run.json field → {@code run} option. */
    private static final Map<String, String> FIELDS = new LinkedHashMap<>();

    static {
        FIELDS.put("seed", "--seed");
        FIELDS.put("workload", "--workload");
        FIELDS.put("workload-options", "--workload-option");
        FIELDS.put("time-limit-seconds", "--time-limit");
        FIELDS.put("nemesis", "--nemesis");
        FIELDS.put("partition-targets", "--partition-targets");
        FIELDS.put("nemesis-interval-seconds", "--nemesis-interval");
        FIELDS.put("fault-duration-seconds", "--fault-duration");
        FIELDS.put("nodes", "--nodes");
        FIELDS.put("topic", "--topic");
        FIELDS.put("partitions", "--partitions");
        FIELDS.put("replication-factor", "--replication-factor");
        FIELDS.put("rate", "--rate");
        FIELDS.put("producers", "--producers");
        FIELDS.put("consumers", "--consumers");
        FIELDS.put("broker-config", "--broker-config");
        FIELDS.put("producer-config", "--producer-config");
        FIELDS.put("consumer-config", "--consumer-config");
    }

    private RunJsonDefaults() {
    }

    /** Applies {@code run} to {@code spec}'s options; returns what it took, for the console ("time-limit-seconds=35, ..."). */
    static List<String> apply(JsonNode run, CommandSpec spec) {
        var given = spec.commandLine().getParseResult();
        List<String> taken = new ArrayList<>();
        FIELDS.forEach((field, name) -> {
            JsonNode v = run.get(field);
            if (v == null || v.isNull()) return;
            OptionSpec option = spec.findOption(name);
            if (!given.hasMatchedOption(option) || v.isObject()) {
                ScenarioDefaults.underCommandLine(option, typed(v, option.type()), given);
                if (!given.hasMatchedOption(option)) taken.add(field);
            }
        });
        String version = run.path("kafka-version").asText("");
        OptionSpec kafkaVersion = spec.findOption("--kafka-version");
        if (!version.isEmpty() && !given.hasMatchedOption(kafkaVersion) && !given.hasMatchedOption("--kafka-home")
                && !version.equals(KafkaDistribution.bundled().version())) {
            kafkaVersion.setValue(version);
            taken.add("kafka-version");
        }
        return taken;
    }

    private static Object typed(JsonNode v, Class<?> type) {
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
