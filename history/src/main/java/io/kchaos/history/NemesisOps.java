package io.kchaos.history;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The nemesis ops of the history format (docs/format.md, "Nemesis ops"): every fault op with its kind and the heal ops
 * that end it, the heal ops, the notes, and the names other tools and older kchaos versions wrote. Nemeses record
 * these op names and every reader of a history (availability, the report, a replay) derives fault windows from them;
 * the faults of {@code --nemesis} that record them are the nemesis module's catalogue.
 */
public final class NemesisOps {
    private static final Map<String, FaultOp> FAULTS = new LinkedHashMap<>();
    private static final Set<String> HEALS = new LinkedHashSet<>();
    private static final Set<String> NOTES = new LinkedHashSet<>();

    // heal ops
    public static final String START = heal("start");
    public static final String RESUME = heal("resume");
    public static final String HEAL = heal("heal");
    public static final String REJOIN = heal("rejoin");
    public static final String HEAL_TOXIC = heal("heal-toxic");
    public static final String FREE_DISK = heal("free-disk");
    public static final String HEAL_PROXY = heal("heal-proxy");
    public static final String CANCEL_REASSIGNMENT = heal("cancel-reassignment");
    public static final String RESTORE_CONFIG = heal("restore-config");
    public static final String ADD_VOTER = heal("add-voter");
    public static final String SHRINK_VOTER = heal("shrink-voter");
    public static final String RESTORE_LOG_DIR = heal("restore-log-dir");
    public static final String HEAL_REMOTE = heal("heal-remote");
    // heal names other tools write (Jepsen-style hand-written histories), understood by `kchaos check`
    public static final String RESTART = heal("restart");
    public static final String RECOVER = heal("recover");
    public static final String UNPAUSE = heal("unpause");
    public static final String HEAL_NETWORK = heal("heal-network");
    public static final String HEAL_LINKS = heal("heal-links");

    private static final String NODES = "{\"nodes\": [2]}";
    private static final String PROXY_PREFIX = "proxy-";

    // process faults
    public static final FaultOp KILL = fault(FaultKind.CRASH, "kill", "{\"nodes\": [2], \"role\": \"leader\", \"leader-of\": 1} (role: leader, random, "
            + "coordinator, group-coordinator with \"coordinator-of\", controller with \"epoch\")",
            START, RESTART, RECOVER);
    public static final FaultOp STOP = fault(FaultKind.CRASH, "stop", NODES + " (a clean stop)", START, RESTART, RECOVER);
    public static final FaultOp PAUSE = fault(FaultKind.PAUSE, "pause", "{\"nodes\": [1, 3], \"role\": \"followers\", \"followers-of\": 1} (role: "
            + "followers, leader, random, controller)", RESUME, UNPAUSE);
    // storage faults: power loss is a kill that also drops every byte the node never fsynced
    public static final FaultOp POWER_LOSS = fault(FaultKind.STORAGE, "power-loss", "{\"nodes\": [2], \"torn-writes\": false, \"dropped\": "
            + "{\"2\": {\"files\": 3, \"bytes\": 33115, ...}}}", START, RESTART, RECOVER);
    // a disk that lies about fsync: its syncs succeed but are not honoured at its next power loss, which ends it
    public static final FaultOp LYING_DISK = fault(FaultKind.STORAGE, "lying-disk", "{\"nodes\": [1, 2], \"role\": \"voters\", "
            + "\"scope\": \"metadata\"} (scope: metadata, node)", START, RESTART, RECOVER);
    // done to a stopped node (a replaced disk, flipped bytes below the recovery point): its start ends them
    public static final FaultOp WIPE = fault(FaultKind.STORAGE, "wipe", "{\"nodes\": [2], ...} (the replaced directory)", START, RESTART, RECOVER);
    public static final FaultOp CORRUPT_SEGMENT = fault(FaultKind.STORAGE, "corrupt-segment", "{\"nodes\": [2], \"path\": \".../00000000000000000000.log\", "
            + "\"position\": 40960, ...} (the flipped batch)", START, RESTART, RECOVER);
    // a data file system filled until writes fail; free-disk ends it (and a start, when the broker died of it)
    public static final FaultOp DISK_FULL = fault(FaultKind.STORAGE, "disk-full", "{\"nodes\": [1], \"bytes\": 7}", FREE_DISK, START);
    // remote-tier faults (--tiered): the bucket's control file, read by every broker's storage manager at its next call;
    // heal-remote removes it. remote-lose-object is the object store's own data loss, which nothing heals
    private static final String REMOTE = "{\"mode\": \"%s\", \"generation\": 1733490000123, %s\"file\": \".../bucket/faults.properties\", "
            + "\"takes-effect\": \"at each broker's next remote call\"}";
    public static final FaultOp REMOTE_SLOW = fault(FaultKind.STORAGE, "remote-slow", String.format(REMOTE, "slow", "\"delay-ms\": 2000, "), HEAL_REMOTE);
    public static final FaultOp REMOTE_FAIL = fault(FaultKind.STORAGE, "remote-fail", String.format(REMOTE, "fail", "\"fail-share\": 0.5, "), HEAL_REMOTE);
    public static final FaultOp REMOTE_OUTAGE = fault(FaultKind.STORAGE, "remote-outage", String.format(REMOTE, "outage", "") + " (each "
            + "one's heal-remote adds \"seen-by\": [1, 2], the brokers whose ack file names its generation, and removes the file if it is "
            + "still this fault's, else says \"replaced-by\": the generation found)", HEAL_REMOTE);
    public static final FaultOp REMOTE_LOSE_OBJECT = fault(FaultKind.STORAGE, "remote-lose-object", "{\"topic-partition\": \"queue-1\", "
            + "\"segment-id\": \"Hc3mQ0b1SxG3bW9C6kC3Gw\", \"path\": \".../bucket/queue-1/Hc3mQ0b1SxG3bW9C6kC3Gw/segment.log\", \"bytes\": 1048519, "
            + "\"base-offset\": 0, \"last-offset\": 8190, \"candidates\": 12} (one copied segment's log deleted from the bucket: the "
            + "partition's lowest-offset segment there; offsets read from its batches; info when the bucket holds none yet)");
    // network faults (iptables, netem): one heal op undoes them all
    public static final FaultOp PARTITION = fault(FaultKind.PARTITION, "partition", "{\"partition\": [[1], [2, 3]], \"cut\": [[1, 2], [1, 3]], "
            + "\"topology\": \"one\"}", HEAL, HEAL_NETWORK);
    public static final FaultOp PARTITION_CLIENTS = fault(FaultKind.PARTITION, "partition-clients", NODES, HEAL, HEAL_NETWORK);
    public static final FaultOp SLOW = fault(FaultKind.LINK, "slow", "{\"nodes\": [1, 2, 3], \"delay-ms\": 200, \"jitter-ms\": 50}", HEAL, HEAL_NETWORK, HEAL_LINKS);
    public static final FaultOp FLAKY = fault(FaultKind.LINK, "flaky", "{\"nodes\": [2], \"loss-percent\": 20.0}", HEAL, HEAL_NETWORK, HEAL_LINKS);
    // Toxiproxy faults (the Docker backend): rejoin ends an isolation, heal-toxic ends any of them
    public static final FaultOp ISOLATE = fault(FaultKind.PARTITION, "isolate", NODES, REJOIN, HEAL_TOXIC);
    private static final String TOXIC = "{\"nodes\": [1], \"traffic\": [\"client\"], \"toxic\": \"latency\", \"latency-ms\": 500, ...}";
    public static final FaultOp TOXIC_LATENCY = fault(FaultKind.TOXIC, "toxic-latency", TOXIC, HEAL_TOXIC);
    public static final FaultOp TOXIC_BANDWIDTH = fault(FaultKind.TOXIC, "toxic-bandwidth", TOXIC, HEAL_TOXIC);
    public static final FaultOp TOXIC_TIMEOUT = fault(FaultKind.TOXIC, "toxic-timeout", TOXIC, HEAL_TOXIC);
    public static final FaultOp TOXIC_RESET = fault(FaultKind.TOXIC, "toxic-reset", TOXIC, HEAL_TOXIC);
    // protocol faults (the kchaos proxy, Kroxylicious): a rule on single Kafka requests, switched off by heal-proxy;
    // proxy-action is one thing the proxy did to one request (its API key, connection, client, correlation id)
    private static final String PROXY_RULE = "{\"role\": \"leader\", \"partition\": 1, \"nodes\": [2], \"rule\": {\"id\": \"r1\", "
            + "\"kind\": \"%s\", \"apis\": [\"PRODUCE\"], \"node\": 2, ...}}";
    public static final FaultOp PROXY_HOLD = proxy("proxy-hold", PROXY_RULE);
    public static final FaultOp PROXY_DELAY = proxy("proxy-delay", PROXY_RULE);
    public static final FaultOp PROXY_DROP_RESPONSE = proxy("proxy-drop-response", PROXY_RULE);
    public static final FaultOp PROXY_DUPLICATE = proxy("proxy-duplicate", PROXY_RULE);
    public static final FaultOp PROXY_ERROR = proxy("proxy-error", PROXY_RULE);
    // link faults on the kchaos proxy (Toxiproxy's toxics where no Toxiproxy runs): a rule on every byte of a node's
    // client connections; proxy-action records each connection it touched and, at the heal, what it did there
    private static final String PROXY_LINK = "{\"role\": \"leader\", \"partition\": 1, \"nodes\": [2], \"rule\": {\"id\": \"r1\", "
            + "\"kind\": \"%s\", \"apis\": [], \"node\": 2, ...}}";
    public static final FaultOp PROXY_LATENCY = proxy("proxy-latency", PROXY_LINK);
    public static final FaultOp PROXY_BANDWIDTH = proxy("proxy-bandwidth", PROXY_LINK);
    public static final FaultOp PROXY_SLICE = proxy("proxy-slice", PROXY_LINK);
    public static final FaultOp PROXY_RESET = proxy("proxy-reset", PROXY_LINK);
    public static final FaultOp PROXY_BLACKHOLE = proxy("proxy-blackhole", PROXY_LINK);
    public static final String PROXY_ACTION = note("proxy-action");
    // what isr-shrink read back of the unclean election it forced (IsrShrinkNemesis): ok once a stale follower leads
    public static final String UNCLEAN_ELECTION = note("unclean-election");
    // a run's rolling upgrade (harness upgrade/, --upgrade-to, --downgrade-to): the round, one node's switch to another
    // release (stop, restart, back in every ISR) and the feature-level bump; each window is the op itself
    public static final FaultOp ROLLING_UPGRADE = event("rolling-upgrade", "{\"from\": \"3.9.1\", \"to\": \"4.1.1\"}");
    public static final FaultOp UPGRADE_NODE = event("upgrade-node", "{\"node\": 2, \"from\": \"3.9.1\", \"to\": \"4.1.1\"}");
    public static final FaultOp FINALIZE_FEATURES = event("finalize-features", "{\"release\": \"4.1.1\"}");
    /** The ops of the rolling upgrade, which {@code --upgrade-to} and {@code --downgrade-to} write, not a nemesis. */
    public static final List<FaultOp> UPGRADE_OPS = List.of(ROLLING_UPGRADE, UPGRADE_NODE, FINALIZE_FEATURES);

    // planned operations (the Admin API, as an operator runs them): a one-off's window lasts from the request until its
    // effect was read back (a reassignment's new replica set, an elected leader, the new partitions); its completion's
    // value says what Kafka answered and, for a reassignment, its progress
    private static final String MOVE = "\"partitions\": [1], \"from\": {\"1\": [1, 2, 3]}, \"to\": {\"1\": [4, 2, 3]}, \"nodes\": [1, 2, 3, 4]";
    public static final FaultOp REASSIGN = operation("reassign", "{\"shape\": \"replace\", " + MOVE + ", \"took-ms\": 2140, "
            + "\"progress\": [{\"ms\": 0, \"adding\": {\"1\": [4]}, \"removing\": {\"1\": [1]}}, ...]} (shape: replace, swap-leader, "
            + "shrink, grow, return, or past-down: reassign-past-down's, with \"down\": [3] and \"isr-before\": [1, 2]; a move not in place "
            + "within its bound is info, with \"isr-after\": {\"1\": [1, 2, 4]} and, read after it, \"still-listed\": [1], the partitions "
            + "Kafka still lists as reassigning)");
    public static final FaultOp THROTTLED_REASSIGN = fault(FaultKind.OPERATION, "throttled-reassign", "{\"shape\": \"replace\", " + MOVE
            + ", \"throttle-bytes\": 10240} (held while Kafka lists it as in progress; its cancel restores the old replicas and is done once no throttle config is read back)",
            CANCEL_REASSIGNMENT);
    public static final FaultOp DRAIN_BROKER = operation("drain-broker", "{\"nodes\": [2], \"partitions\": [0, 1], "
            + "\"topics\": {\"__consumer_offsets\": [7], \"kchaos\": [0, 1]}, \"from\": {\"0\": [2, 3, 1], \"__consumer_offsets-7\": [2, 4, 5], ...}, "
            + "\"to\": {\"0\": [4, 3, 1], ...}, \"hosted-after\": 0} (every replica of every topic, internal ones too, moved off the node: "
            + "partitions are the workload topic's, topics each topic's, another topic's partition is keyed <topic>-<partition>; held once "
            + "the new sets and, from the metadata and the node's log dirs, no partition left on it are read back (else info with "
            + "hosted-after-partitions); a stop follows, and the heal's start and reassign back of every topic)");
    public static final FaultOp ELECT_LEADERS = operation("elect-leaders", "{\"election\": \"preferred\", \"partitions\": [0, 1, 2], "
            + "\"leaders-before\": {\"0\": 2, ...}, \"results\": {\"0\": \"ok\", \"1\": \"ElectionNotNeededException\"}, "
            + "\"leaders-after\": {\"0\": 1, ...}, \"elected\": 1, \"elected-partitions\": [0]} (election: preferred, or unclean, which "
            + "adds \"isr-before\": {\"0\": [2], ...} and holds once a replica outside it leads; elected: how many partitions Kafka elected "
            + "whose leader read back changed, 0 when the election moved none)");
    public static final FaultOp ADD_PARTITIONS = operation("add-partitions", "{\"from\": 3, \"to\": 4}");
    public static final FaultOp ALTER_CONFIG = fault(FaultKind.OPERATION, "alter-config", "{\"config\": \"min.insync.replicas\", "
            + "\"from\": \"2\", \"to\": \"3\", \"from-override\": true, \"reported-by\": [1, 2, 3]} (from-override false: the topic used the "
            + "broker's value; held, as is its restore-config, once every broker hosting the topic, asked alone, reports the value: reported-by)",
            RESTORE_CONFIG);

    public static final FaultOp MOVE_LOG_DIR = fault(FaultKind.OPERATION, "move-log-dir", "{\"nodes\": [2], \"partition\": 1, "
            + "\"from\": \"/.../data/disk-0\", \"to\": \"/.../data/disk-1\", \"took-ms\": 840} (a JBOD broker's replica moved to another of "
            + "its log dirs, Admin.alterReplicaLogDirs; held once describeReplicaLogDirs reads it in the new dir with no future replica "
            + "left; its restore-log-dir moves it back, read back the same way)", RESTORE_LOG_DIR);

    public static final FaultOp REMOVE_VOTER = fault(FaultKind.OPERATION, "remove-voter", "{\"nodes\": [5], \"role\": \"voters\", "
            + "\"directory-id\": \"h5Zq...\", \"endpoints\": [\"CONTROLLER://10.0.0.15:9093\"], \"voters-before\": [4, 5, 6], "
            + "\"voters-after\": [4, 6]} (KIP-853, a dynamic quorum: held once describeMetadataQuorum names the voters without it; its "
            + "add-voter, with the same directory id and endpoints, once they include it again; each asked again every second while "
            + "Kafka refuses it, as during a leader change (\"refusals\", \"last-refusal\"))", ADD_VOTER);
    public static final FaultOp GROW_VOTER = fault(FaultKind.OPERATION, "grow-voter", "{\"nodes\": [7], \"role\": \"voters\", "
            + "\"directory-id\": \"Qm3x...\", \"endpoints\": [\"CONTROLLER://10.0.0.17:9093\"], \"voters-before\": [4, 5, 6], "
            + "\"voters-after\": [4, 5, 6, 7]} (KIP-853: a controller the quorum started without added as a voter, held once "
            + "describeMetadataQuorum names it among the voters; its shrink-voter removes it again, held once they lack it; each "
            + "asked again while Kafka refuses it, as remove-voter is)", SHRINK_VOTER);

    static {
        // fault names other tools write, understood by `kchaos check`: a SIGKILL by another name reads as kill
        readAs("crash", KILL); // Jepsen's process crash; not the group workload's client op crash (a client process writes that)
        readAs("kill-leader", KILL);
        readAs("kill-random", KILL);
        alias("partition-random", FaultKind.PARTITION, HEAL, HEAL_NETWORK);
        alias("bridge", FaultKind.PARTITION, HEAL, HEAL_NETWORK);
        alias("delay", FaultKind.LINK, HEAL, HEAL_NETWORK, HEAL_LINKS);
        alias("loss", FaultKind.LINK, HEAL, HEAL_NETWORK, HEAL_LINKS);
        alias("corrupt", FaultKind.LINK, HEAL, HEAL_NETWORK, HEAL_LINKS); // network corruption (Jepsen's net), not corrupt-segment
        // names kchaos itself wrote before: run folders of older versions still check and report
        readAs("fill-disk", DISK_FULL); // disk-full's op before it took the fault's name
    }

    private NemesisOps() {
    }

    private static String heal(String f) {
        HEALS.add(f);
        return f;
    }

    /** Declares a detail of an open fault (one thing it did), which is neither a fault window nor a heal. */
    private static String note(String f) {
        NOTES.add(f);
        return f;
    }

    private static FaultOp fault(FaultKind kind, String f, String example, String... healedBy) {
        for (String h : healedBy) {
            if (!HEALS.contains(h)) throw new IllegalStateException("declare heal op " + h + " before fault " + f);
        }
        FaultOp op = new FaultOp(f, Set.of(healedBy), example, kind);
        readAs(f, op);
        return op;
    }

    /** Declares a rule of the kchaos proxy, ended by heal-proxy; its rule's kind is the op's name without {@code proxy-}. */
    private static FaultOp proxy(String f, String example) {
        return fault(FaultKind.PROXY, f, String.format(example, proxyRuleKind(f)), HEAL_PROXY);
    }

    /** The kind of the kchaos proxy rule that the op {@code f} ({@code proxy-hold}, ...) switches on: {@code hold}, .... */
    public static String proxyRuleKind(String f) {
        if (!f.startsWith(PROXY_PREFIX)) throw new IllegalArgumentException("not a kchaos proxy op: " + f);
        return f.substring(PROXY_PREFIX.length());
    }

    /** Declares a fault name other tools write, with heals of its own. */
    private static void alias(String f, FaultKind kind, String... healedBy) {
        fault(kind, f, "", healedBy);
    }

    /** Declares a name read as the op {@code op} (another tool's name for it, or the name kchaos wrote before). */
    private static void readAs(String f, FaultOp op) {
        if (FAULTS.putIfAbsent(f, op) != null) throw new IllegalStateException("fault op declared twice: " + f);
    }

    /** Declares a planned one-off operation that nothing heals (its window is the op itself). */
    private static FaultOp operation(String f, String example) {
        return fault(FaultKind.OPERATION, f, example);
    }

    /** Declares a one-off step of the rolling upgrade that nothing heals (its window is the op itself). */
    private static FaultOp event(String f, String example) {
        return fault(FaultKind.UPGRADE, f, example);
    }

    /** The fault op named {@code f} (or read as it), if {@code f} is one. */
    public static Optional<FaultOp> lookup(String f) {
        return Optional.ofNullable(FAULTS.get(f));
    }

    public static boolean isFault(String f) {
        return FAULTS.containsKey(f);
    }

    public static boolean isHeal(String f) {
        return HEALS.contains(f);
    }

    /** True for a note: a detail of an open fault (e.g. one request the kchaos proxy held), no window of its own. */
    public static boolean isNote(String f) {
        return NOTES.contains(f);
    }

    /** True for an op name this declaration knows (fault, heal or note). */
    public static boolean isKnown(String f) {
        return isFault(f) || isHeal(f) || isNote(f);
    }

    /** True when the op {@code healF} ends the fault {@code faultF}. */
    public static boolean heals(String healF, String faultF) {
        FaultOp op = FAULTS.get(faultF);
        return op != null && op.isHealedBy(healF);
    }

    /** Every fault op name read, in declaration order (an older name maps to its op of today). */
    public static Map<String, FaultOp> faults() {
        return Collections.unmodifiableMap(FAULTS);
    }

    /** Every declared heal op name. */
    public static Set<String> heals() {
        return Collections.unmodifiableSet(HEALS);
    }
}
