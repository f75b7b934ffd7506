package io.kchaos.nemesis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every {@code --nemesis-option} setting, declared once with its default and meaning: the schedule's own, and those
 * the faults of the catalogue read (each fault lists the ones it reads). {@link NemesisOptions} checks keys and takes
 * defaults from here.
 */
public final class NemesisSettings {
    private static final Map<String, NemesisSetting> BY_KEY = new LinkedHashMap<>();

    // the schedule, whatever the faults: how they are drawn and spaced
    public static final NemesisSetting FAULT_ORDER = setting("fault-order", "random", "random (each fault drawn from the seeded "
            + "Random) or cycle (the listed faults in turn)");
    public static final NemesisSetting RECOVER_BETWEEN = setting("recover-between", "false", "true: each heal ends only once every "
            + "partition of the workload's topic has its full ISR again, so no fault lands on a cluster still recovering");
    public static final NemesisSetting FAULT_COUNT = setting("fault-count", "0", "end the run once this many faults have held "
            + "and been healed, one --nemesis-interval after the last heal (the time limit stays the upper bound, so a slow machine "
            + "gets more time, not fewer faults); 0: the time limit alone ends the run");
    public static final NemesisSetting COORDINATOR_EPOCH_AT = setting("coordinator-epoch-at", "0", "hold the first fault until the "
            + "transaction coordinator of one of the workload's transactional ids reports a producer epoch of at least this "
            + "(Admin describeTransactions, asked every 200 ms; a transactional id at the 32,766 = Short.MAX_VALUE - 1 of "
            + "transactions v2 is about to get a new producer id: KAFKA-20310); 0: no wait");
    /** Settings of the fault schedule itself, whatever the faults. */
    public static final List<NemesisSetting> SCHEDULE = List.of(FAULT_ORDER, RECOVER_BETWEEN, FAULT_COUNT, COORDINATOR_EPOCH_AT);

    // planned operations (the Admin API)
    public static final NemesisSetting REASSIGN_SHAPE = setting("reassign-shape", "any", "how reassign moves a partition: replace "
            + "(one replica for a broker outside the set), swap-leader (another replica first, then a preferred election), shrink "
            + "(drop a follower), grow (add a broker), or any (drawn from those the partition allows; back to its first size first)");
    public static final NemesisSetting REASSIGN_THROTTLE = setting("reassign-throttle", "0", "bytes a second each way the moving "
            + "replicas may replicate during reassign and drain-broker (the --throttle of kafka-reassign-partitions); 0: none");
    public static final NemesisSetting REASSIGN_CANCEL_THROTTLE = setting("reassign-cancel-throttle", "4096", "the throttle, bytes a "
            + "second, that keeps reassign-cancel's reassignment in progress until its cancel");
    public static final NemesisSetting REASSIGN_TIMEOUT_SECONDS = setting("reassign-timeout-seconds", "120", "how long a reassignment "
            + "(or move-log-dir's move between a broker's log dirs) may take before it is recorded as not held (it is left to go on, as an operator would)");
    public static final NemesisSetting MOVE_LOG_DIR_TARGET = setting("move-log-dir-target", "any", "whose replica move-log-dir "
            + "moves: any (a random replica of the topic) or leader (a random partition's leader, whose epoch history KAFKA-20961 drops)");
    public static final NemesisSetting ELECTION = setting("election", "preferred", "elect-leaders' election: preferred (each partition's "
            + "first replica, where it is in the ISR) or unclean (a replica outside the ISR where no leader is left)");
    public static final NemesisSetting ADD_PARTITIONS_COUNT = setting("add-partitions-count", "1", "partitions add-partitions adds each time");
    public static final NemesisSetting ADD_PARTITIONS_MAX = setting("add-partitions-max", "12", "the most partitions add-partitions grows "
            + "the topic to (then it does nothing)");
    public static final NemesisSetting ALTER_CONFIG = setting("alter-config", "min.insync.replicas=3", "the topic config alter-config "
            + "sets, KEY=VALUE; its heal restores the value before (or removes the topic's override)");

    // remote-tier faults (--tiered)
    public static final NemesisSetting REMOTE_DELAY_MS = setting("remote-delay-ms", "2000", "how long remote-slow delays every "
            + "call of the brokers' remote storage manager, ms");
    public static final NemesisSetting REMOTE_FAIL_SHARE = setting("remote-fail-share", "0.5", "the share of remote storage calls "
            + "remote-fail fails, in (0, 1], spread evenly (the n-th fails when n × share passes a whole number)");

    // storage faults
    public static final NemesisSetting WIPE_BEFORE_FENCING = setting("wipe-before-fencing", "false", "true: replace the disk and "
            + "restart at once, while the broker's old registration may still be in an ISR (a broker back on an empty disk within "
            + "its session timeout)");
    public static final NemesisSetting POWER_LOSS_NODES = setting("power-loss-nodes", "1", "how many random running nodes lose power at once");
    public static final NemesisSetting TORN_WRITES = setting("torn-writes", "false", "keep a random 4 KiB-aligned prefix of each file's "
            + "unsynced bytes");
    public static final NemesisSetting LYING_DISK_NODES = setting("lying-disk-nodes", "voters", "whose disks lie, then lose power: "
            + "voters (every voter), majority (a random majority of the voters), controller (the active controller)");
    public static final NemesisSetting LYING_DISK_SCOPE = setting("lying-disk-scope", "metadata", "what the disk lies about: metadata "
            + "(the KRaft metadata log, __cluster_metadata-0) or node (every file of the node)");
    public static final NemesisSetting SPARED_VOTERS = setting("spared-voters", "run", "what the voters a quorum power cut "
            + "(lying-disk, power-loss-voters) spares do meanwhile: run, or pause (SIGSTOP from just before the cut until the cut "
            + "voters, restarted, have elected a leader of a higher epoch among themselves, read back)");
    public static final NemesisSetting VOTER_CHURN_TARGET = setting("voter-churn-target", "follower", "which voter "
            + "voter-churn removes: follower (a random running voter that does not lead) or leader (the active controller, which "
            + "commits its own removal and resigns, so the others elect a new leader)");
    public static final NemesisSetting VOTER_CHURN_MOVES = setting("voter-churn-moves", "remove-replace", "what voter-churn does "
            + "on its turns: remove-replace (in turn, a voter removed and added back, then a following voter's metadata disk replaced "
            + "as voter-replace does) or remove (removals only)");
    public static final NemesisSetting RESTART_GAP_SECONDS = setting("restart-gap-seconds", "10", "seconds between the two restarts");
    public static final NemesisSetting RESTART_ORDER = setting("restart-order", "follower-first", "follower-first or leader-first");

    // the kchaos proxy's protocol faults
    public static final NemesisSetting PROXY_API = setting("proxy-api", "PRODUCE", "the Kafka API keys the fault matches, "
            + "comma-separated (PRODUCE, END_TXN, ADD_PARTITIONS_TO_TXN, TXN_OFFSET_COMMIT, OFFSET_COMMIT, FETCH, ...)");
    public static final NemesisSetting PROXY_TARGET = setting("proxy-target", "any", "whose requests: leader (of a random partition), "
            + "coordinator (the transaction coordinator), group-coordinator, or any node");
    public static final NemesisSetting PROXY_RELEASE_AFTER = setting("proxy-release-after", "", "the API key whose next request from "
            + "the same client releases the held one");
    public static final NemesisSetting PROXY_HOLD_MS = setting("proxy-hold-ms", "20000", "the longest hold when no release request comes");
    public static final NemesisSetting PROXY_SHARE = setting("proxy-share", "0.2", "the share of matching requests the fault takes, in (0, 1]");
    public static final NemesisSetting PROXY_DELAY_MS = setting("proxy-delay-ms", "100-1000", "the delay, MS or MIN-MAX (uniform), at most 15000");
    public static final NemesisSetting PROXY_RESPONSES = setting("proxy-responses", "false", "true: delay the responses instead of the requests");
    public static final NemesisSetting PROXY_ERROR = setting("proxy-error", "NOT_LEADER_OR_FOLLOWER", "the Kafka error code of the answer, "
            + "e.g. REQUEST_TIMED_OUT, NOT_ENOUGH_REPLICAS, COORDINATOR_LOAD_IN_PROGRESS, CONCURRENT_TRANSACTIONS");

    // the kchaos proxy's link faults
    public static final NemesisSetting PROXY_LATENCY_MS = setting("proxy-latency-ms", "500", "the mean delay of each chunk");
    public static final NemesisSetting PROXY_JITTER_MS = setting("proxy-jitter-ms", "100", "the delay varies uniformly this much either side of the mean");
    public static final NemesisSetting PROXY_RATE = setting("proxy-rate", "32768", "bytes a second, each way, per connection");
    public static final NemesisSetting PROXY_SLICE_BYTES = setting("proxy-slice-bytes", "64", "the mean slice size (each between half "
            + "and one and a half of it)");
    public static final NemesisSetting PROXY_SLICE_DELAY_MS = setting("proxy-slice-delay-ms", "1", "the gap between slices, MS or MIN-MAX (uniform)");

    private NemesisSettings() {
    }

    private static NemesisSetting setting(String key, String defaultValue, String meaning) {
        NemesisSetting s = new NemesisSetting(key, defaultValue, meaning);
        if (BY_KEY.putIfAbsent(key, s) != null) throw new IllegalStateException("--nemesis-option declared twice: " + key);
        return s;
    }

    /** Every setting, by key, in the order declared. */
    public static Map<String, NemesisSetting> byKey() {
        return Collections.unmodifiableMap(BY_KEY);
    }
}
