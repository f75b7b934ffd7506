package io.kchaos.history.folder;

import io.kchaos.history.FormatVersion;

/**
 * The field names of results.json, in one place: the checker's result writes them, and the report, JUnit, compare,
 * matrix, dashboard and bug pack read them from here. docs/format.md's results.json section describes each; renaming
 * one changes the format (see {@code FormatVersion}).
 */
public final class ResultsFields {
    /** The format version ({@link FormatVersion#CURRENT}). */
    public static final String FORMAT = FormatVersion.FIELD;
    /** {@code true}, {@code false} or {@code "unknown"}. */
    public static final String VALID = "valid";
    public static final String REASON = "reason";
    public static final String INTERRUPTED = "interrupted";
    public static final String ANOMALY_TYPES = "anomaly-types";
    /** The consistency model the anomalies were judged under (absent in older files: every anomaly forbidden). */
    public static final String CONSISTENCY_MODEL = "consistency-model";
    /** By type, each a {@link Anomaly}. */
    public static final String ANOMALIES = "anomalies";
    /** Figures, never a verdict; its sections are {@link Stats}. */
    public static final String STATS = "stats";
    public static final String WARNINGS = "warnings";
    public static final String ERRORS = "errors";
    /** The value of {@link #VALID} when nothing could be judged. */
    public static final String UNKNOWN = "unknown";

    private ResultsFields() {
    }

    /** The fields of one anomaly type's entry. */
    public static final class Anomaly {
        public static final String COUNT = "count";
        public static final String EXAMPLES = "examples";
        /** Whether the consistency model forbids this type (only a forbidden one makes the result invalid; absent: true). */
        public static final String FORBIDDEN = "forbidden";
        /** The cases tallied by the fault window they were acknowledged in; its fields are {@link ByFault}. */
        public static final String BY_FAULT = "by-fault";
        /** Kafka behaviours known to produce this type's cases, each with its evidence (docs/format.md, "Known causes"). */
        public static final String KNOWN_CAUSES = "known-causes";
        /** In one example: the name of the known cause its evidence matched. */
        public static final String KNOWN_CAUSE = "known-cause";

        private Anomaly() {
        }
    }

    /** The fields of one entry of an anomaly's {@code known-causes} (docs/format.md, "Known causes"). */
    public static final class KnownCause {
        /** The cause's name, e.g. {@code restart-shrinks-dedup-window}. */
        public static final String CAUSE = "cause";
        /** Where the cause is explained (a docs/findings.md section). */
        public static final String FINDING = "finding";
        /** One sentence of what happened. */
        public static final String SUMMARY = "summary";
        /** How many of the examples results.json keeps the evidence matched. */
        public static final String EXPLAINED = "explained-examples";
        /** How many examples results.json keeps for the anomaly (the ones looked at). */
        public static final String OF = "of-examples";
        /** One object per matched example: the value, partition, producer id, both copies and the broker's refusal. */
        public static final String EVIDENCE = "evidence";
        public static final String PRODUCER_ID = "producer-id";
        /** In the evidence: the first copy's offset, producer epoch and sequence. */
        public static final String FIRST = "first";
        /** In the evidence: the later copy's offset, producer epoch and sequence. */
        public static final String AGAIN = "again";
        public static final String OFFSET = "offset";
        public static final String PRODUCER_EPOCH = "producer-epoch";
        public static final String SEQUENCE = "sequence";
        /** In the evidence: the broker's out-of-order refusal (node, time, log end offset, incoming and end sequence). */
        public static final String REFUSAL = "refusal";
        public static final String NODE = "node";
        public static final String TIME = "time";
        public static final String LOG_END_OFFSET = "log-end-offset";
        public static final String INCOMING_SEQUENCE = "incoming-sequence";
        public static final String END_SEQUENCE = "end-sequence";

        private KnownCause() {
        }
    }

    /** The fields of an anomaly's {@code by-fault} tally (docs/format.md, "Anomalies by fault"). */
    public static final class ByFault {
        /** Cases that carry a time (only those are tallied). */
        public static final String TIMED = "timed";
        /** Timed cases that fall in no fault window. */
        public static final String OUTSIDE = "outside";
        /** One entry per window holding a case, in window order. */
        public static final String WINDOWS = "windows";
        /** The window's 1-based number, as in the report's fault table. */
        public static final String WINDOW = "window";
        public static final String F = "f";
        public static final String START_S = "start-s";
        public static final String END_S = "end-s";
        public static final String CASES = "cases";

        private ByFault() {
        }
    }

    /** The sections of {@code stats} other than the per-{@code f} counts (keyed by op name). */
    public static final class Stats {
        /** How many quorum polls ({@code quorum.jsonl}) the replicas' log end offsets were judged on. */
        public static final String QUORUM_POLLS = "quorum-polls";
        /** How many held voter removals ({@code remove-voter} ok) the quorum polls were judged against. */
        public static final String VOTER_REMOVALS = "voter-removals";
        public static final String UNSEEN = "unseen";
        public static final String EXPIRED = "expired";
        public static final String READ_VALUES = "read-values";
        public static final String RECORDS_READ = "records-read";
        public static final String PARTITIONS_DRAINED = "partitions-drained";
        public static final String INVOCATIONS_WITHOUT_COMPLETION = "invocations-without-completion";
        public static final String TXN = "txn";
        /** Jepsen's internal send skip: a figure of the txn workload, shaped like an anomaly's entry. */
        public static final String INT_SEND_SKIP = "int-send-skip";
        public static final String GROUP = "group";
        public static final String SHARE = "share";
        /** The metadata workload's figures. */
        public static final String METADATA = "metadata";
        /** The acl workload's figures. */
        public static final String ACL = "acl";
        /** See {@link Availability}. */
        public static final String AVAILABILITY = "availability";
        /** The replica audit's figures. */
        public static final String REPLICAS = "replicas";
        /** The Raft audit of the KRaft metadata log. */
        public static final String RAFT = "raft";
        public static final String FAULTS_INJECTED = "faults-injected";
        /** See {@link TopicPartitions}. */
        public static final String TOPIC_PARTITIONS = "topic-partitions";
        /** The controller faults' failover times (run, and check beside a run.json with a controller timeline); see {@link ControllerFailovers}. */
        public static final String CONTROLLER_FAILOVERS = "controller-failovers";
        /** A tiered run's remote storage calls, from the bucket's call logs; see {@link Tiered}. */
        public static final String TIERED = "tiered";
        /** Each held move of a replica between log dirs and the partition's ISR after it; see {@link LogDirMoves}. */
        public static final String LOG_DIR_MOVES = "log-dir-moves";

        private Stats() {
        }
    }

    /**
     * The fields of each entry of {@code stats.log-dir-moves}: one per held {@code move-log-dir} or
     * {@code restore-log-dir}, with the partition's leader and ISR as leaders.jsonl sampled them from the move on.
     */
    public static final class LogDirMoves {
        /** The op's f: move-log-dir or restore-log-dir. */
        public static final String F = "f";
        /** When the move held (its {@code ok}), seconds on the history's clock. */
        public static final String TIME_S = "time-s";
        public static final String PARTITION = "partition";
        /** The broker whose replica moved. */
        public static final String NODE = "node";
        /** Whether the moved replica was the partition's leader when the move held (null: no sample yet). */
        public static final String LED = "led";
        /** The partition's leader epoch then (null: no sample yet, or the sample had none). */
        public static final String LEADER_EPOCH = "leader-epoch";
        /**
         * Node → milliseconds its replica of the partition was outside the ISR from the move until the partition's
         * next move or the run's end; only replicas that were outside at some point.
         */
        public static final String OUT_OF_ISR_MS = "out-of-isr-ms";
        /** Whether the moved replica is in the partition's last sampled ISR. */
        public static final String IN_ISR_AT_END = "in-isr-at-end";
        /** The partition's replicas outside its last sampled ISR. */
        public static final String OUT_AT_END = "out-at-end";

        private LogDirMoves() {
        }
    }

    /** The figures of {@code stats.metadata}, the metadata checker's (docs/format.md describes each). */
    public static final class Metadata {
        /** Admin op counts by op name, each {"ok", "fail", "info"}. */
        public static final String ADMIN = "admin";
        public static final String ACKNOWLEDGED = "acknowledged";
        public static final String TOPICS = "topics";
        /** How many brokers the run started with (as the workload found them), and how many were read caught up. */
        public static final String BROKERS_STARTED = "brokers-started";
        public static final String BROKERS_READ = "brokers-read";
        public static final String BROKERS_NOT_READ = "brokers-not-read";
        /** Each broker not read: node id to why (as the final read recorded it, or "never read"). */
        public static final String UNREAD_BROKERS = "unread-brokers";
        public static final String QUORUM_SAMPLES = "quorum-samples";

        private Metadata() {
        }
    }

    /** The figures of {@code stats.acl}, the acl checker's (docs/format.md describes each). */
    public static final class Acl {
        /** acl-change counts by change ({@code grant}, {@code revoke}), each {"ok", "fail", "info"}. */
        public static final String CHANGES = "changes";
        /** acl-probe counts: answered {@code allowed} and {@code denied}, and {@code info} (no definite answer). */
        public static final String PROBES = "probes";
        /** Answered probes judged (the history proves what their broker's authorizer held), and those not. */
        public static final String JUDGED = "judged";
        public static final String UNJUDGED = "unjudged";
        /** Why probes were not judged: {@link #INDETERMINATE_CHANGE} and {@link #UNSETTLED} counts. */
        public static final String UNJUDGED_WHY = "unjudged-why";
        /** Not judged: the broker's image may hold an indeterminate (info) change of the probe's binding. */
        public static final String INDETERMINATE_CHANGE = "indeterminate-change";
        /** Not judged: a change of the binding the broker neither certainly applied nor certainly had not. */
        public static final String UNSETTLED = "unsettled";
        /** Node id to how many of its probes were judged, every probed node. */
        public static final String JUDGED_BY_NODE = "judged-by-node";
        /** The probed nodes none of whose probes was judged. */
        public static final String NODES_NEVER_JUDGED = "nodes-never-judged";

        private Acl() {
        }
    }

    /** The figures both audits of the nodes' files give, in {@code stats.replicas} and {@code stats.raft}. */
    public static final class Audit {
        /** Batches read. */
        public static final String BATCHES = "batches";
        public static final String BYTES_READ = "bytes-read";
        /** The audit's wall-clock time. */
        public static final String SECONDS = "seconds";

        private Audit() {
        }
    }

    /** The figures of {@code stats.raft}, the Raft audit of the KRaft metadata log, besides {@link Audit}'s (docs/format.md describes each). */
    public static final class Raft {
        public static final String NODES = "nodes";
        /** How many voters the voter set in force at the end of the log has; in a {@link #VOTER_SETS} entry, its voter ids. */
        public static final String VOTERS = "voters";
        /** How many audited nodes are a voter of no voter set in force. */
        public static final String OBSERVERS = "observers";
        /** The voter sets in force over the log's offsets, in order: each {@link #OFFSET}, {@link #VOTERS}, {@link #RECORD}. */
        public static final String VOTER_SETS = "voter-sets";
        /** Of a voter set: the first offset it is in force at. */
        public static final String OFFSET = "offset";
        /** Of a voter set: what named it ({@code given}, {@code VotersRecord}, {@code LeaderChangeMessage}, with the snapshot if in one). */
        public static final String RECORD = "record";
        public static final String BATCHES_COMPARED = "batches-compared";
        public static final String COMMITTED_BATCHES = "committed-batches";
        /** Snapshots compared with the logs (the bootstrap {@code 0-0.checkpoint} is not). */
        public static final String SNAPSHOTS_CHECKED = "snapshots-checked";
        /** Snapshots not compared: bootstrap snapshots, which summarise no offset. */
        public static final String SNAPSHOTS_SKIPPED = "snapshots-skipped";
        public static final String MAX_EPOCH = "max-epoch";
        public static final String LOG_END_OFFSETS = "log-end-offsets";
        /**
         * Each broker registration, fencing and unfencing the longest log holds, in offset order: {@code broker},
         * {@code change} ({@code registered}, {@code fenced}, {@code unfenced}), {@code offset}, {@code time-ms}.
         */
        public static final String BROKER_FENCING = "broker-fencing";
        /** How many observations of what the quorum committed the audit was given. */
        public static final String OBSERVATIONS = "observations";
        /** The highest high watermark among them (absent without observations). */
        public static final String COMMITTED_FLOOR = "committed-floor";

        private Raft() {
        }
    }

    /** The figures of {@code stats.topic-partitions}: the topic's partition count, and what the partitions added mid-run took. */
    public static final class TopicPartitions {
        public static final String AT_START = "at-start";
        public static final String AT_END = "at-end";
        public static final String ACKNOWLEDGED_ON_ADDED = "acknowledged-on-added";
        public static final String READ_ON_ADDED = "read-on-added";

        private TopicPartitions() {
        }
    }

    /** The figures of {@code stats.tiered}: a tiered run's calls on its bucket (docs/format.md). */
    public static final class Tiered {
        /** Every broker's calls together: {@link #COPIES}, {@link #SEGMENT_FETCHES}, ..., {@link #FAILURES}. */
        public static final String TOTAL = "total";
        /** Broker id → the same figures for its calls ({@code calls-<broker id>.log}). */
        public static final String BROKERS = "brokers";
        /** Segments the brokers served from the remote tier: {@code fetch-log} calls that succeeded, every broker. */
        public static final String READS_FROM_REMOTE = "reads-from-remote";
        /**
         * The workload topic's segments the remote-tier audit looked for in the bucket: copied (copy, ok) and never
         * asked to be deleted; each one missing is a {@code remote-segment-lost} anomaly.
         */
        public static final String SEGMENTS_AUDITED = "segments-audited";
        /** Lines of a call log that are not a call (a torn last line after a crash); absent when there are none. */
        public static final String UNREADABLE_LINES = "unreadable-lines";
        /** Segments copied to the bucket (copy, ok). */
        public static final String COPIES = "copies";
        /** Reads of a segment's log (fetch-log, ok). */
        public static final String SEGMENT_FETCHES = "segment-fetches";
        /** Reads of a segment's index (fetch-index, ok). */
        public static final String INDEX_FETCHES = "index-fetches";
        /** Segments deleted from the bucket (delete, ok). */
        public static final String DELETES = "deletes";
        /** Calls that found no segment or index (missing: a delete done before, a segment without transaction index). */
        public static final String MISSING = "missing";
        /** Calls that failed with an I/O error (failed), not counting those a remote-tier fault failed. */
        public static final String FAILURES = "failures";
        /** Calls a remote-tier fault failed without running them (failed, detail {@code injected}). */
        public static final String INJECTED_FAILURES = "injected-failures";
        /** Calls a remote-tier fault delayed before they ran (detail followed by {@code injected-delay-ms=}). */
        public static final String INJECTED_DELAYS = "injected-delays";

        private Tiered() {
        }
    }

    /** The figures of {@code stats.availability} and of each of its {@code faults}. */
    public static final class Availability {
        public static final String FAULTS = "faults";
        public static final String PARTITIONS = "partitions";
        public static final String OK_SENDS_PER_S = "ok-sends-per-s";
        public static final String LONGEST_NO_OK_SEND_S = "longest-no-ok-send-s";
        public static final String LONGEST_NO_OK_SEND_FROM_S = "longest-no-ok-send-from-s";
        /** Of a fault. */
        public static final String F = "f";
        public static final String TIME_S = "time-s";
        public static final String INVOKED_S = "invoked-s";
        public static final String HELD = "held";
        public static final String VALUE = "value";
        public static final String ERROR = "error";
        public static final String TO_NEXT_OK_SEND_S = "to-next-ok-send-s";
        public static final String TO_NEXT_OK_SEND_BY_PARTITION_S = "to-next-ok-send-by-partition-s";
        public static final String HEAL = "heal";
        public static final String HEAL_TIME_S = "heal-time-s";
        public static final String HEAL_TO_NEXT_OK_SEND_S = "heal-to-next-ok-send-s";
        /** Of a one-off action that lasts (an upgrade step): how long, the acks meanwhile and its longest stall. */
        public static final String SECONDS = "seconds";
        public static final String ACKS_DURING = "acks-during";
        public static final String LONGEST_NO_OK_SEND_DURING_S = "longest-no-ok-send-during-s";

        private Availability() {
        }
    }

    /**
     * The figures of {@code stats.controller-failovers}: one entry per fault aimed at the active controller, and the
     * time without a quorum leader over those that caused a failover (docs/format.md, "Controller failovers").
     */
    public static final class ControllerFailovers {
        /** One entry per controller fault, in order; its fields are the ones below {@link #F}. */
        public static final String FAULTS = "faults";
        /** Per fault kind ({@code f}): {@link #COUNT}, {@link #INJECTED}, {@link #MEDIAN_S}, {@link #MAX_S}. */
        public static final String BY_FAULT = "by-fault";
        /** How many controller faults caused a failover: the ones the median and maximum are over. */
        public static final String COUNT = "count";
        /** How many controller faults were measured. */
        public static final String INJECTED = "injected";
        /** The median of {@link #LEADERLESS_S} over the faults that caused a failover (null without one). */
        public static final String MEDIAN_S = "median-s";
        /** The maximum of {@link #LEADERLESS_S} over the faults that caused a failover (null without one). */
        public static final String MAX_S = "max-s";
        /** Of a fault: the fault op's f (kill, pause, partition, power-loss). */
        public static final String F = "f";
        /** Of a fault: when it held (its {@code ok} completion; its invocation when not seen to hold), seconds on the history's clock. */
        public static final String TIME_S = "time-s";
        /** Of a fault: whether its completion was {@code ok}. */
        public static final String HELD = "held";
        public static final String LEADER_BEFORE = "leader-before";
        /** Of a fault: the quorum's epoch when it began (the fault op's {@code epoch}). */
        public static final String EPOCH_BEFORE = "epoch-before";
        /** Of a fault: whether the controller timeline shows a higher epoch before the next controller fault or the run's end. */
        public static final String FAILOVER = "failover";
        /** Of a fault that caused a failover: seconds from {@link #TIME_S} to the first poll that named a higher epoch. */
        public static final String LEADERLESS_S = "leaderless-s";
        public static final String LEADER_AFTER = "leader-after";
        public static final String EPOCH_AFTER = "epoch-after";
        /** Of a fault that caused a failover: whether the new leader is another node. */
        public static final String LEADER_MOVED = "leader-moved";
        /** Of a fault healed before any failover was seen: seconds from {@link #TIME_S} to its heal's completion. */
        public static final String HEAL_S = "heal-s";

        private ControllerFailovers() {
        }
    }
}
