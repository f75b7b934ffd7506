package io.kchaos.harness.scenario;

import java.util.Arrays;
import java.util.Optional;

/**
 * The keys of a scenario file (docs/scenarios.md) and their types. Every key but the three descriptive ones is the
 * default of the {@code run} option of the same name ({@code "time-limit": 40} ≙ {@code --time-limit 40}); options
 * given on the command line override it (for the three config maps: key by key).
 */
public enum ScenarioField {
    NAME("name", Kind.STRING, false),
    DESCRIPTION("description", Kind.STRING, false),
    EXPECTED("expected", Kind.STRING, false),
    WORKLOAD("workload", Kind.STRING, true),
    KAFKA_VERSION("kafka-version", Kind.STRING, true),
    CLIENT_VERSION("client-version", Kind.STRING, true),
    TIME_LIMIT("time-limit", Kind.INT, true),
    NEMESIS("nemesis", Kind.STRING_LIST, true),
    PARTITION_TARGETS("partition-targets", Kind.STRING_LIST, true),
    NEMESIS_INTERVAL("nemesis-interval", Kind.NUMBER, true),
    FAULT_DURATION("fault-duration", Kind.NUMBER, true),
    SEED("seed", Kind.LONG, true),
    NODES("nodes", Kind.INT, true),
    PARTITIONS("partitions", Kind.INT, true),
    REPLICATION_FACTOR("replication-factor", Kind.INT, true),
    RATE("rate", Kind.NUMBER, true),
    PRODUCERS("producers", Kind.INT, true),
    CONSUMERS("consumers", Kind.INT, true),
    TOPIC("topic", Kind.STRING, true),
    BROKER_HEAP_MB("broker-heap-mb", Kind.INT, true),
    BROKER_CONFIG("broker-config", Kind.STRING_MAP, true),
    PRODUCER_CONFIG("producer-config", Kind.STRING_MAP, true),
    CONSUMER_CONFIG("consumer-config", Kind.STRING_MAP, true),
    NEMESIS_OPTIONS("nemesis-options", Kind.STRING_MAP, true),
    WORKLOAD_OPTIONS("workload-options", Kind.STRING_MAP, true),
    UPGRADE_TO("upgrade-to", Kind.STRING, true),
    DOWNGRADE_TO("downgrade-to", Kind.STRING, true),
    UPGRADE_AT("upgrade-at", Kind.NUMBER, true),
    UPGRADE_HOLD("upgrade-hold", Kind.NUMBER, true),
    UPGRADE_NODE_TIMEOUT("upgrade-node-timeout", Kind.NUMBER, true);

    /** JSON types a field may have. */
    public enum Kind {
        STRING("a string"), INT("an integer"), LONG("an integer"), NUMBER("a number"),
        STRING_LIST("a string or an array of strings"), STRING_MAP("an object of string, number or boolean values");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final String key;
    private final Kind kind;
    private final boolean runOption;

    ScenarioField(String key, Kind kind, boolean runOption) {
        this.key = key;
        this.kind = kind;
        this.runOption = runOption;
    }

    public String key() {
        return key;
    }

    public Kind kind() {
        return kind;
    }

    /** True when the field is the default of a run option ({@link #option()}). */
    public boolean isRunOption() {
        return runOption;
    }

    /** The {@code run} option this field sets, e.g. {@code --time-limit}. */
    public String option() {
        return "--" + key;
    }

    public static Optional<ScenarioField> byKey(String key) {
        return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst();
    }
}
