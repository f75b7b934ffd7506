package io.kchaos.history.folder;

import io.kchaos.history.FormatVersion;

/**
 * The field names of run.json, in one place: the writers (the harness's run record, the backends' software
 * description, the replay and upgrade sections) and the readers (report, compare, matrix, dashboard, replay) take them
 * from here. docs/format.md's run.json table describes each; renaming one changes the format (see {@code FormatVersion}).
 */
public final class RunFields {
    /** The format version ({@link FormatVersion#CURRENT}). */
    public static final String FORMAT = FormatVersion.FIELD;
    public static final String KCHAOS_VERSION = "kchaos-version";
    public static final String NAME = "name";
    public static final String COMMAND = "command";
    public static final String SCENARIO = "scenario";
    public static final String SEED = "seed";
    public static final String WORKLOAD = "workload";
    public static final String WORKLOAD_OPTIONS = "workload-options";
    public static final String WORKLOAD_CHOICES = "workload-choices";
    /** An object, see {@link Client}; absent in files from before it (the Java client ran). */
    public static final String CLIENT = "client";
    public static final String NODES = "nodes";
    /** Dedicated KRaft controllers (0: combined mode) and how the voters are configured ({@code static}, {@code dynamic}). */
    public static final String CONTROLLERS = "controllers";
    public static final String QUORUM = "quorum";
    /**
     * How many of the dedicated controllers the quorum started with as voters ({@code --initial-voters}); null in
     * combined mode; absent in older files (every controller).
     */
    public static final String INITIAL_VOTERS = "initial-voters";
    /** Data directories per broker ({@code log.dirs}; more than 1 is KRaft JBOD); absent in older files (1). */
    public static final String LOG_DIRS = "log-dirs";
    /** Whether the workload's topic has tiered storage ({@code --tiered}); absent in older files (false). */
    public static final String TIERED = "tiered";
    /**
     * How every listener of the cluster was secured ({@code --security}: {@code plaintext}, {@code tls}, {@code mtls},
     * {@code sasl-plain}, {@code sasl-scram}, {@code sasl-scram-tls}); absent in older files (plaintext).
     */
    public static final String SECURITY = "security";
    /** A tiered run's bucket folder, the remote tier its brokers share (absent without {@code --tiered}). */
    public static final String TIERED_BUCKET = "tiered-bucket";
    /** Each node id's roles ({@code broker}, {@code controller}); see {@link RunJson#nodeRoles}. */
    public static final String NODE_ROLES = "node-roles";
    /** The active controller over time, see {@link ControllerTimeline}. */
    public static final String CONTROLLER_TIMELINE = "controller-timeline";
    /** The quorum's voter set over time as the run's polls saw it, see {@link QuorumSamples#voterSets}. */
    public static final String VOTER_SETS = "voter-sets";
    public static final String TOPIC = "topic";
    public static final String PARTITIONS = "partitions";
    public static final String REPLICATION_FACTOR = "replication-factor";
    public static final String BROKER_HEAP_MB = "broker-heap-mb";
    public static final String TIME_LIMIT_SECONDS = "time-limit-seconds";
    public static final String NEMESIS = "nemesis";
    /** The consistency model the run's anomalies are judged under ({@code --consistency-model}); absent in older files (kafka, or every anomaly forbidden). */
    public static final String CONSISTENCY_MODEL = "consistency-model";
    public static final String NEMESIS_OPTIONS = "nemesis-options";
    public static final String PARTITION_TARGETS = "partition-targets";
    public static final String NEMESIS_INTERVAL_SECONDS = "nemesis-interval-seconds";
    public static final String FAULT_DURATION_SECONDS = "fault-duration-seconds";
    public static final String RATE = "rate";
    public static final String PRODUCERS = "producers";
    public static final String CONSUMERS = "consumers";
    public static final String BROKER_CONFIG = "broker-config";
    public static final String PRODUCER_CONFIG = "producer-config";
    public static final String CONSUMER_CONFIG = "consumer-config";
    /** How the history is stored: {@code jsonl} or {@code zstd}; absent in run.json files from before it (jsonl). */
    public static final String HISTORY_FORMAT = "history-format";
    /** What the run folder keeps of the brokers' data: {@code all} or {@code failing}; absent in older files (all). */
    public static final String KEEP_DATA = "keep-data";
    public static final String BROKER_SETTINGS = "broker-settings";
    /** By kind ({@code broker}, {@code producer}, {@code consumer}), each setting a {@link Setting}. */
    public static final String EFFECTIVE_SETTINGS = "effective-settings";
    /**
     * The retention policy the workload's topics were created with, see {@link TopicRetention}; absent in older files
     * (the checker then cannot tell premature deletion from retention).
     */
    public static final String TOPIC_RETENTION = "topic-retention";
    /** The topic-level configs the workload's topics were created with (a tiered run's; empty otherwise); absent in older files. */
    public static final String TOPIC_CONFIG = "topic-config";
    public static final String KAFKA_VERSION = "kafka-version";
    public static final String KAFKA_LIBS = "kafka-libs";
    public static final String KAFKA_JARS = "kafka-jars";
    public static final String KAFKA_FEATURES = "kafka-features";
    public static final String KAFKA_FINALIZED_FEATURES = "kafka-finalized-features";
    /** Docker backend: the broker image, its id and the Toxiproxy image. */
    public static final String KAFKA_IMAGE = "kafka-image";
    public static final String KAFKA_IMAGE_ID = "kafka-image-id";
    public static final String TOXIPROXY_IMAGE = "toxiproxy-image";
    /** SSH backend: the hosts and their clock offsets. */
    public static final String SSH_HOSTS = "ssh-hosts";
    public static final String HOST_CLOCK_OFFSETS = "host-clock-offsets";
    /** SSH backend, existing cluster: the client login of {@code --client-properties}, every secret redacted. */
    public static final String CLIENT_PROPERTIES = "client-properties";
    /** A run through the kchaos proxy: the proxy's release. */
    public static final String PROXY = "proxy";
    public static final String BACKEND = "backend";
    public static final String CLUSTER_ID = "cluster-id";
    public static final String NODE_ADDRESSES = "node-addresses";
    public static final String STARTUP_SECONDS = "startup-seconds";
    public static final String STARTUP_PHASES = "startup-phases";
    /** An object, see {@link EndPhase}: the seconds of each step from the time limit to the verdict. */
    public static final String END_PHASES = "end-phases";
    /** An object, see {@link Upgrade}; only for a run with a rolling upgrade. */
    public static final String UPGRADE = "upgrade";
    /** An object, see {@link ReplayOf}; only for a replay. */
    public static final String REPLAY_OF = "replay-of";
    public static final String STARTED_AT = "started-at";
    public static final String FINISHED_AT = "finished-at";
    public static final String DURATION_SECONDS = "duration-seconds";

    private RunFields() {
    }

    /** The fields of {@code client}. */
    public static final class Client {
        public static final String KIND = "kind";
        public static final String VERSION = "version";
        public static final String LIBRDKAFKA = "librdkafka";
        public static final String BINDING = "binding";

        private Client() {
        }
    }

    /** The kinds of {@code effective-settings}, and the fields of each setting there. */
    public static final class Setting {
        public static final String BROKER = "broker";
        public static final String PRODUCER = "producer";
        public static final String CONSUMER = "consumer";
        public static final String VALUE = "value";
        /** Where it came from: user, scenario or kchaos. */
        public static final String FROM = "from";

        private Setting() {
        }
    }

    /** The phases of {@code startup-phases} (local backend): seconds until the last node reached each. */
    public static final class StartupPhase {
        public static final String HOSTS = "hosts";
        public static final String FORMAT = "format";
        public static final String JVM_UP = "jvm-up";
        public static final String STARTED = "started";

        private StartupPhase() {
        }
    }

    /**
     * The steps of {@code end-phases}, each its seconds (a step a run did not take is left out), and the console lines
     * that say the same (read back from a test's output by {@code bench/suite-costs --phases}).
     */
    public static final class EndPhase {
        /** The console line with the cluster's start-up seconds: {@code cluster ready in 7.8 s: <bootstrap>}. */
        public static final String READY_LINE = "cluster ready in ";
        /** The console line with the steps' seconds: {@code end of run: heal 0.4 s, drain 1.2 s, ...}. */
        public static final String END_LINE = "end of run: ";
        /** Stopping the nemeses and healing every fault. */
        public static final String HEAL = "heal";
        /** Stopping the workload's clients. */
        public static final String WORKLOAD_STOP = "workload-stop";
        /** Waiting for a full ISR on the workload's topic (at most KafkaBounds' rejoin bound). */
        public static final String FULL_ISR = "full-isr";
        /** The workload's final drain. */
        public static final String DRAIN = "drain";
        /** Stopping the cluster cleanly. */
        public static final String CLEAN_STOP = "clean-stop";
        /** Judging the history and the replicas, results.json, pruning and the report. */
        public static final String CHECK = "check";

        private EndPhase() {
        }
    }

    /** The fields of {@code replay-of}. */
    public static final class ReplayOf {
        public static final String RUN = "run";
        public static final String NAME = "name";
        public static final String SEED = "seed";
        public static final String FAULTS = "faults";
        public static final String KEPT = "kept";
        public static final String SCHEDULE = "schedule";
        public static final String NOTES = "notes";

        private ReplayOf() {
        }
    }

    /** The fields of {@code upgrade}, its {@code node-restarts} entries and its {@code node-versions} timeline. */
    public static final class Upgrade {
        public static final String FROM = "from";
        public static final String TO = "to";
        public static final String DOWNGRADE_TO = "downgrade-to";
        public static final String FINALIZE = "finalize";
        public static final String STATUS = "status";
        public static final String FEATURES_BEFORE = "features-before";
        public static final String FEATURES_FINALIZED = "features-finalized";
        public static final String FEATURES_AFTER = "features-after";
        public static final String NODE_RESTARTS = "node-restarts";
        public static final String NODE_VERSIONS = "node-versions";
        /** Of a node restart: which node, and when it stopped, started and was back in every ISR. */
        public static final String NODE = "node";
        public static final String STOPPED_S = "stopped-s";
        public static final String STARTED_S = "started-s";
        public static final String IN_EVERY_ISR_S = "in-every-isr-s";
        /** Of a node-versions entry: the release and since when (seconds). */
        public static final String VERSION = "version";
        public static final String SINCE_S = "since-s";

        private Upgrade() {
        }
    }

    /** The fields of {@code topic-retention}: Kafka's topic config names, each the effective value (a number). */
    public static final class Retention {
        public static final String RETENTION_MS = "retention.ms";
        public static final String RETENTION_BYTES = "retention.bytes";
        public static final String SEGMENT_BYTES = "segment.bytes";
        public static final String SEGMENT_MS = "segment.ms";

        private Retention() {
        }
    }
}
