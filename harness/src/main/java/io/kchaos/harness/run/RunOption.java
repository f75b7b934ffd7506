package io.kchaos.harness.run;

import io.kchaos.checker.result.ConsistencyModels;
import io.kchaos.cluster.secret.SecretSettings;
import io.kchaos.history.folder.RunFields;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;

/**
 * The option table of {@code kchaos run}: for each setting of an experiment, its option, its scenario key, its run.json
 * field, its type, its default and its help text. {@code run --help} and its defaults, the scenario grammar, run.json
 * and the settings a replay takes back all read this table; the CLI's other options (where the run goes, which backend)
 * are not settings of the experiment and stay with the command.
 */
public enum RunOption {
    WORKLOAD("--workload", "workload", RunFields.WORKLOAD, Kind.STRING, "queue", c -> c.load().name(),
            "what the clients do: queue (sends and reads), txn (transactions, read_committed), group (a consumer group committing "
                    + "offsets), share (a KIP-932 share group acknowledging records; Kafka 4.2+), metadata (admin clients creating, growing, "
                    + "configuring and deleting topics, judged from every broker's final metadata), or DATA,metadata (both in one run) "
                    + "(default ${DEFAULT-VALUE})"),
    WORKLOAD_OPTIONS("--workload-option", "workload-options", RunFields.WORKLOAD_OPTIONS, Kind.STRING_MAP, null, c -> c.load().options(),
            "a workload setting; repeatable (kchaos workloads describes each); with the defaults: " + WorkloadOptionTable.summary()),
    CLIENT("--client", "client", null, Kind.STRING, "java", null,
            "the client the queue and txn workloads' producers, transactional producers and pollers use: java (built in) or "
                    + "librdkafka (python3-confluent-kafka, one driver process per client; the final drain stays Java) (default ${DEFAULT-VALUE})"),
    CLIENT_VERSION("--client-version", "client-version", null, Kind.STRING, null, null,
            "the queue, txn and group workloads' producers, transactional producers, pollers and group members use this "
                    + "kafka-clients release (3.0 to 4.4), resolved from Maven Central into ~/.m2 on first use and loaded in its own class "
                    + "loader; before 4.0 the group runs classic, before 4.1 without crashes; admin clients and the final drain stay "
                    + "built in (default: the built-in client)"),
    KAFKA_VERSION("--kafka-version", "kafka-version", RunFields.KAFKA_VERSION, Kind.STRING, null, null,
            "run this Kafka release (3.7 or later), resolved from Maven Central into ~/.m2 on first use, then cached"),
    TIME_LIMIT("--time-limit", "time-limit", RunFields.TIME_LIMIT_SECONDS, Kind.INT, "60", RunConfig::timeLimitSeconds,
            "how long the workload runs, faults included (default ${DEFAULT-VALUE})"),
    NEMESIS("--nemesis", "nemesis", RunFields.NEMESIS, Kind.STRING_LIST, "kill-leader", c -> c.faults().nemesis(),
            "faults to mix (kchaos nemeses describes each): ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})"),
    NEMESIS_OPTIONS("--nemesis-option", "nemesis-options", RunFields.NEMESIS_OPTIONS, Kind.STRING_MAP, null, c -> c.faults().options(),
            "a fault setting, repeatable (kchaos nemeses says which fault reads which); with the defaults: ${COMPLETION-CANDIDATES}"),
    PARTITION_TARGETS("--partition-targets", "partition-targets", RunFields.PARTITION_TARGETS, Kind.STRING_LIST,
            "one,leader,halves,majority-ring,bridge", c -> c.faults().partitionTargets(),
            "topologies the partition nemesis draws from, one at random per fault: one, leader, halves, majority-ring, bridge (default: all)"),
    NEMESIS_INTERVAL("--nemesis-interval", "nemesis-interval", RunFields.NEMESIS_INTERVAL_SECONDS, Kind.NUMBER, "10", c -> c.faults().intervalSeconds(),
            "mean time between faults (default ${DEFAULT-VALUE})"),
    FAULT_DURATION("--fault-duration", "fault-duration", RunFields.FAULT_DURATION_SECONDS, Kind.NUMBER, "5", c -> c.faults().durationSeconds(),
            "mean time a fault lasts before it is healed (default ${DEFAULT-VALUE})"),
    SEED("--seed", "seed", RunFields.SEED, Kind.LONG, null, RunConfig::seed,
            "seeds every random choice (default: random, recorded in run.json)"),
    NODES("--nodes", "nodes", RunFields.NODES, Kind.INT, "3", c -> c.cluster().nodes(), "cluster size: nodes that run a broker (default ${DEFAULT-VALUE})"),
    CONTROLLERS("--controllers", "controllers", RunFields.CONTROLLERS, Kind.INT, "0", c -> c.cluster().quorum().controllers(),
            "dedicated KRaft controllers (process.roles=controller, node ids after the brokers') beside the --nodes brokers, "
                    + "on SSH the last N hosts (highest ids); 0: combined mode, every node a broker and a voter (default ${DEFAULT-VALUE})"),
    QUORUM("--quorum", "quorum", RunFields.QUORUM, Kind.STRING, "static", c -> c.cluster().quorum().mode().wire(),
            "how the voters are configured: static (controller.quorum.voters) or dynamic (KIP-853, Kafka 3.9+: format "
                    + "--initial-controllers, controller.quorum.bootstrap.servers) (default ${DEFAULT-VALUE})"),
    INITIAL_VOTERS("--initial-voters", "initial-voters", RunFields.INITIAL_VOTERS, Kind.INT, null,
            c -> c.cluster().quorum().dedicated() ? c.cluster().quorum().initialVoters() : null,
            "how many of the --controllers the dynamic quorum starts with as voters: the first K are formatted with "
                    + "--initial-controllers naming them, the others with --no-initial-controllers and run as observers until a fault "
                    + "adds them (voter-grow) (default: every controller)"),
    LOG_DIRS("--log-dirs", "log-dirs", RunFields.LOG_DIRS, Kind.INT, "1", c -> c.cluster().logDirs(),
            "data directories per broker (log.dirs); 2 or more is KRaft JBOD (Kafka 3.7+), local backend; the metadata log stays in "
                    + "the first (default ${DEFAULT-VALUE})"),
    TIERED("--tiered", "tiered", RunFields.TIERED, Kind.BOOLEAN, "false", c -> c.cluster().tiered(),
            "tiered storage on the workload's topic (Kafka 3.9+, local backend): the brokers load kchaos's storage manager "
                    + "(module tiered-storage), whose remote tier is the folder <run folder>/bucket they share; the topic gets "
                    + TieredTopic.describe() + ", so closed segments go remote and are deleted locally during the run; results.json's "
                    + "stats.tiered counts the calls (default ${DEFAULT-VALUE})"),
    SECURITY("--security", "security", RunFields.SECURITY, Kind.STRING, "plaintext", c -> c.cluster().security().wire(),
            "how every listener (clients, replication, controllers) is secured, on every backend (a cluster kchaos starts; an existing one: --client-properties): plaintext, tls (a CA and node "
                    + "certificates made for the run), mtls (clients present certificates too), sasl-plain, sasl-scram (SCRAM-SHA-512; "
                    + "the controllers use PLAIN among themselves), sasl-scram-tls (SASL_SSL); every kchaos client gets the same "
                    + "settings (default ${DEFAULT-VALUE})"),
    TOPIC("--topic", "topic", RunFields.TOPIC, Kind.STRING, "kchaos-queue", c -> c.cluster().topic(), "the workload's topic (default ${DEFAULT-VALUE})"),
    PARTITIONS("--partitions", "partitions", RunFields.PARTITIONS, Kind.INT, "3", c -> c.cluster().partitions(), "topic partitions (default ${DEFAULT-VALUE})"),
    REPLICATION_FACTOR("--replication-factor", "replication-factor", RunFields.REPLICATION_FACTOR, Kind.INT, null, c -> (int) c.cluster().replicationFactor(),
            "topic replication factor (default: min(3, nodes))"),
    RATE("--rate", "rate", RunFields.RATE, Kind.NUMBER, "1000", c -> c.load().rate(),
            "target sends per second, all producers together (default ${DEFAULT-VALUE})"),
    PRODUCERS("--producers", "producers", RunFields.PRODUCERS, Kind.INT, "3", c -> c.load().producers(), "producer workers (default ${DEFAULT-VALUE})"),
    CONSUMERS("--consumers", "consumers", RunFields.CONSUMERS, Kind.INT, "1", c -> c.load().consumers(),
            "consumer workers polling during the run; group: members of the consumer group; share: share consumers, at least 3 "
                    + "(default ${DEFAULT-VALUE})"),
    BROKER_HEAP_MB("--broker-heap-mb", "broker-heap-mb", RunFields.BROKER_HEAP_MB, Kind.INT, "512", c -> c.cluster().heapMb(),
            "heap of each broker JVM (default ${DEFAULT-VALUE})"),
    BROKER_CONFIG("--broker-config", "broker-config", RunFields.BROKER_CONFIG, Kind.STRING_MAP, null, c -> c.cluster().brokerConfig(),
            "a broker setting for every node; repeatable (e.g. min.insync.replicas=1)"),
    TOPIC_CONFIG("--topic-config", "topic-config", RunFields.TOPIC_CONFIG, Kind.STRING_MAP, null, RunConfig::topicConfig,
            "a setting of the workload's topics, at their creation; repeatable (e.g. retention.bytes=2200000); over a tiered run's "
                    + "(e.g. local.retention.ms=-2 keeps every segment local too)"),
    PRODUCER_CONFIG("--producer-config", "producer-config", RunFields.PRODUCER_CONFIG, Kind.STRING_MAP, null, c -> c.clients().producerConfig(),
            "a producer setting; repeatable (e.g. acks=1)"),
    CONSUMER_CONFIG("--consumer-config", "consumer-config", RunFields.CONSUMER_CONFIG, Kind.STRING_MAP, null, c -> c.clients().consumerConfig(),
            "a consumer setting; repeatable"),
    HISTORY_FORMAT("--history-format", "history-format", RunFields.HISTORY_FORMAT, Kind.STRING, "jsonl", c -> c.historyFormat().wire(),
            "how the history is written: jsonl (history.jsonl) or zstd (history.jsonl.zst, JSON lines in zstd frames, one per "
                    + "write, ~10x smaller; every kchaos command reads both) (default ${DEFAULT-VALUE})"),
    KEEP_DATA("--keep-data", "keep-data", RunFields.KEEP_DATA, Kind.STRING, "failing", c -> c.keepData().wire(),
            "what the run folder keeps of the brokers' data directories: all, or failing: everything after an INVALID, UNKNOWN or "
                    + "interrupted run, and after a VALID one only checkpoints, the metadata log and a digest of each log dir in place "
                    + "of its segments (pruned.json; local and Docker backends) (default ${DEFAULT-VALUE})"),
    CONSISTENCY_MODEL("--consistency-model", "consistency-model", RunFields.CONSISTENCY_MODEL, Kind.STRING,
            ConsistencyModels.DEFAULT.name(), null,
            "judge the anomalies found under this consistency model; every anomaly is listed, only those it forbids make the "
                    + "result invalid (kchaos anomalies lists the models; check takes the one run.json records): "
                    + "${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})"),
    UPGRADE_TO("--upgrade-to", "upgrade-to", null, Kind.STRING, null, null,
            "rolling upgrade during the run: each node in turn stopped cleanly, restarted on this release with the same data, back "
                    + "in every ISR before the next; then the feature levels are finalized (docs/scenarios.md)"),
    DOWNGRADE_TO("--downgrade-to", "downgrade-to", null, Kind.STRING, null, null,
            "after --upgrade-to, roll every node back down to this release instead of finalizing (Kafka supports it only before finalizing)"),
    UPGRADE_AT("--upgrade-at", "upgrade-at", null, Kind.NUMBER, "10", null,
            "when the rolling upgrade starts, after the workload (default ${DEFAULT-VALUE})"),
    UPGRADE_HOLD("--upgrade-hold", "upgrade-hold", null, Kind.NUMBER, "5", null,
            "how long the cluster runs on the new release before finalizing (or downgrading) (default ${DEFAULT-VALUE})"),
    UPGRADE_NODE_TIMEOUT("--upgrade-node-timeout", "upgrade-node-timeout", null, Kind.NUMBER, "120", null,
            "how long a restarted node may take to be back in every ISR; past it the run ends with exit 2 (default ${DEFAULT-VALUE})");

    /** The value types of the table, as a scenario file must spell them. */
    public enum Kind {
        STRING("a string"), BOOLEAN("true or false"), INT("an integer"), LONG("an integer"), NUMBER("a number"),
        STRING_LIST("a string or an array of strings"), STRING_MAP("an object of string, number or boolean values");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final String option;
    private final String scenarioKey;
    private final String runJsonField;
    private final Kind kind;
    private final String defaultValue;
    private final Function<RunConfig, Object> recorded;
    private final String help;

    RunOption(String option, String scenarioKey, String runJsonField, Kind kind, String defaultValue,
              Function<RunConfig, Object> recorded, String help) {
        this.option = option;
        this.scenarioKey = scenarioKey;
        this.runJsonField = runJsonField;
        this.kind = kind;
        this.defaultValue = defaultValue;
        this.recorded = recorded;
        this.help = help;
    }

    /** The option's name on {@code run}'s command line, e.g. {@code --time-limit}. */
    public String option() {
        return option;
    }

    /** The option's help-text key: its name without the dashes (picocli's resource-bundle key for it). */
    public String helpKey() {
        return option.substring(2);
    }

    /** The key of a scenario file that sets this option, e.g. {@code time-limit}. */
    public String scenarioKey() {
        return scenarioKey;
    }

    /** The run.json field that records it (e.g. {@code time-limit-seconds}), empty when run.json does not. */
    public Optional<String> runJsonField() {
        return Optional.ofNullable(runJsonField);
    }

    public Kind kind() {
        return kind;
    }

    /** The default as picocli reads it (a list's items comma-separated), null when the option has none. */
    public String defaultValue() {
        return defaultValue;
    }

    public String help() {
        return help;
    }

    /**
     * True when {@link RunRecord} writes the option from the run's configuration, and a replay takes it back; false for
     * kafka-version (written from the started cluster) and the options run.json keeps in sections of their own.
     */
    public boolean recordedFromConfig() {
        return recorded != null;
    }

    /**
     * True when a replay takes the option back from its run.json field as it is: the options recorded from the
     * configuration and the consistency model (recorded by the run from its judge); kafka-version has rules of its own.
     */
    public boolean replayed() {
        return runJsonField != null && this != KAFKA_VERSION;
    }

    /**
     * The value run.json records for {@code config}, a map's secrets {@link SecretSettings#REDACTED}; only for
     * {@link #recordedFromConfig()} options.
     */
    @SuppressWarnings("unchecked") // a STRING_MAP option's value is the configuration's Map<String, String>
    public Object recordedValue(RunConfig config) {
        if (recorded == null) throw new IllegalStateException(option + " is not recorded from the configuration");
        Object value = recorded.apply(config);
        return kind == Kind.STRING_MAP && value != null ? SecretSettings.redacted((java.util.Map<String, String>) value) : value;
    }

    public static Optional<RunOption> byScenarioKey(String key) {
        return Arrays.stream(values()).filter(o -> o.scenarioKey.equals(key)).findFirst();
    }

    public static Optional<RunOption> byOption(String name) {
        return Arrays.stream(values()).filter(o -> o.option.equals(name)).findFirst();
    }
}
