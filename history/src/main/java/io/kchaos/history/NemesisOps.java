package io.kchaos.history;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The nemesis catalogue (docs/format.md, "Nemesis ops"): every fault op with the heal ops that end it, and every fault
 * ({@link FaultSpec}: its {@code --nemesis} name, description, ops, options, needs). Nemeses record these op names,
 * availability and the report derive their fault windows from them, the nemesis module binds each spec to the class
 * that injects it, and {@code run --help}, {@code kchaos nemeses}, docs/format.md and README.md are generated from it.
 * A new fault is one {@code spec(...)} entry in {@link #SPECS} (with a {@code fault("op", HEAL_OP, ...)} line when it
 * records a new op) plus its nemesis class, bound in {@code NemesisRegistry}.
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
    // heal names other tools write (Jepsen-style hand-written histories), understood by `kchaos check`
    private static final String RESTART = heal("restart");
    private static final String RECOVER = heal("recover");
    private static final String UNPAUSE = heal("unpause");
    private static final String HEAL_NETWORK = heal("heal-network");
    private static final String HEAL_LINKS = heal("heal-links");

    private static final String NODES = "{\"nodes\": [2]}";

    // process faults
    public static final FaultOp KILL = fault("kill", "{\"nodes\": [2], \"role\": \"leader\", \"leader-of\": 1} (role: leader, random, "
            + "coordinator, group-coordinator with \"coordinator-of\")",
            START, RESTART, RECOVER);
    public static final FaultOp STOP = fault("stop", NODES + " (a clean stop)", START, RESTART, RECOVER);
    public static final FaultOp PAUSE = fault("pause", "{\"nodes\": [1, 3], \"role\": \"followers\", \"followers-of\": 1} (role: "
            + "followers, leader, random)", RESUME, UNPAUSE);
    // storage faults: power loss is a kill that also drops every byte the node never fsynced
    public static final FaultOp POWER_LOSS = fault("power-loss", "{\"nodes\": [2], \"torn-writes\": false, \"dropped\": "
            + "{\"2\": {\"files\": 3, \"bytes\": 33115, ...}}}", START, RESTART, RECOVER);
    // done to a stopped node (a replaced disk, flipped bytes below the recovery point): its start ends them
    public static final FaultOp WIPE = fault("wipe", "{\"nodes\": [2], ...} (the replaced directory)", START, RESTART, RECOVER);
    public static final FaultOp CORRUPT_SEGMENT = fault("corrupt-segment", "{\"nodes\": [2], \"path\": \".../00000000000000000000.log\", "
            + "\"position\": 40960, ...} (the flipped batch)", START, RESTART, RECOVER);
    // a data file system filled until writes fail; free-disk ends it (and a start, when the broker died of it)
    public static final FaultOp DISK_FULL = fault("disk-full", "{\"nodes\": [1], \"bytes\": 7}", FREE_DISK, START);
    // network faults (iptables, netem): one heal op undoes them all
    public static final FaultOp PARTITION = fault("partition", "{\"partition\": [[1], [2, 3]], \"cut\": [[1, 2], [1, 3]], "
            + "\"topology\": \"one\"}", HEAL, HEAL_NETWORK);
    public static final FaultOp PARTITION_CLIENTS = fault("partition-clients", NODES, HEAL, HEAL_NETWORK);
    public static final FaultOp SLOW = fault("slow", "{\"nodes\": [1, 2, 3], \"delay-ms\": 200, \"jitter-ms\": 50}", HEAL, HEAL_NETWORK, HEAL_LINKS);
    public static final FaultOp FLAKY = fault("flaky", "{\"nodes\": [2], \"loss-percent\": 20.0}", HEAL, HEAL_NETWORK, HEAL_LINKS);
    // proxy faults (Toxiproxy, the Docker backend): rejoin ends an isolation, heal-toxic ends any of them
    public static final FaultOp ISOLATE = fault("isolate", NODES, REJOIN, HEAL_TOXIC);
    private static final String TOXIC = "{\"nodes\": [1], \"traffic\": [\"client\"], \"toxic\": \"latency\", \"latency-ms\": 500, ...}";
    public static final FaultOp TOXIC_LATENCY = fault("toxic-latency", TOXIC, HEAL_TOXIC);
    public static final FaultOp TOXIC_BANDWIDTH = fault("toxic-bandwidth", TOXIC, HEAL_TOXIC);
    public static final FaultOp TOXIC_TIMEOUT = fault("toxic-timeout", TOXIC, HEAL_TOXIC);
    public static final FaultOp TOXIC_RESET = fault("toxic-reset", TOXIC, HEAL_TOXIC);
    // protocol faults (the kchaos proxy, Kroxylicious): a rule on single Kafka requests, switched off by heal-proxy;
    // proxy-action is one thing the proxy did to one request (its API key, connection, client, correlation id)
    private static final String PROXY_RULE = "{\"role\": \"leader\", \"partition\": 1, \"nodes\": [2], \"rule\": {\"id\": \"r1\", "
            + "\"kind\": \"hold\", \"apis\": [\"PRODUCE\"], \"node\": 2, ...}}";
    public static final FaultOp PROXY_HOLD = fault("proxy-hold", PROXY_RULE, HEAL_PROXY);
    public static final FaultOp PROXY_DELAY = fault("proxy-delay", PROXY_RULE, HEAL_PROXY);
    public static final FaultOp PROXY_DROP_RESPONSE = fault("proxy-drop-response", PROXY_RULE, HEAL_PROXY);
    public static final FaultOp PROXY_DUPLICATE = fault("proxy-duplicate", PROXY_RULE, HEAL_PROXY);
    public static final FaultOp PROXY_ERROR = fault("proxy-error", PROXY_RULE, HEAL_PROXY);
    // link faults on the kchaos proxy (Toxiproxy's toxics where no Toxiproxy runs): a rule on every byte of a node's
    // client connections; proxy-action records each connection it touched and, at the heal, what it did there
    private static final String PROXY_LINK = "{\"role\": \"leader\", \"partition\": 1, \"nodes\": [2], \"rule\": {\"id\": \"r1\", "
            + "\"kind\": \"latency\", \"apis\": [], \"node\": 2, \"delay-ms\": [400, 600], ...}}";
    public static final FaultOp PROXY_LATENCY = fault("proxy-latency", PROXY_LINK, HEAL_PROXY);
    public static final FaultOp PROXY_BANDWIDTH = fault("proxy-bandwidth", PROXY_LINK, HEAL_PROXY);
    public static final FaultOp PROXY_SLICE = fault("proxy-slice", PROXY_LINK, HEAL_PROXY);
    public static final FaultOp PROXY_RESET = fault("proxy-reset", PROXY_LINK, HEAL_PROXY);
    public static final FaultOp PROXY_BLACKHOLE = fault("proxy-blackhole", PROXY_LINK, HEAL_PROXY);
    public static final String PROXY_ACTION = note("proxy-action");
    // a run's rolling upgrade (harness upgrade/, --upgrade-to, --downgrade-to): the round, one node's switch to another
    // release (stop, restart, back in every ISR) and the feature-level bump; each window is the op itself
    public static final FaultOp ROLLING_UPGRADE = event("rolling-upgrade", "{\"from\": \"3.9.1\", \"to\": \"4.1.1\"}");
    public static final FaultOp UPGRADE_NODE = event("upgrade-node", "{\"node\": 2, \"from\": \"3.9.1\", \"to\": \"4.1.1\"}");
    public static final FaultOp FINALIZE_FEATURES = event("finalize-features", "{\"release\": \"4.1.1\"}");
    /** The ops of the rolling upgrade, which {@code --upgrade-to} and {@code --downgrade-to} write, not a nemesis. */
    public static final List<FaultOp> UPGRADE_OPS = List.of(ROLLING_UPGRADE, UPGRADE_NODE, FINALIZE_FEATURES);

    static {
        // fault names other tools write, understood by `kchaos check`
        alias("crash", START, RESTART, RECOVER);
        alias("kill-leader", START, RESTART, RECOVER);
        alias("kill-random", START, RESTART, RECOVER);
        alias("partition-random", HEAL, HEAL_NETWORK);
        alias("bridge", HEAL, HEAL_NETWORK);
        alias("delay", HEAL, HEAL_NETWORK, HEAL_LINKS);
        alias("loss", HEAL, HEAL_NETWORK, HEAL_LINKS);
        alias("corrupt", HEAL, HEAL_NETWORK, HEAL_LINKS); // network corruption (Jepsen's net), not corrupt-segment
        // names kchaos itself wrote before: run folders of older versions still check and report
        FAULTS.put("fill-disk", DISK_FULL); // disk-full's op before it took the fault's name
    }

    private static final String LOCAL = "local";
    private static final String DOCKER = "docker";
    private static final String TORN_WRITES = "torn-writes";
    private static final String PROXY_API = "proxy-api";
    private static final String PROXY_API_MEANING = "the Kafka API keys the fault matches, comma-separated (PRODUCE, END_TXN, "
            + "ADD_PARTITIONS_TO_TXN, TXN_OFFSET_COMMIT, OFFSET_COMMIT, FETCH, ...)";
    private static final String PROXY_TARGET = "proxy-target";
    private static final String PROXY_TARGET_MEANING = "whose requests: leader (of a random partition), coordinator (the "
            + "transaction coordinator), group-coordinator, or any node";
    private static final String PROXY_SHARE = "proxy-share";
    private static final String PROXY_SHARE_MEANING = "the share of matching requests the fault takes, in (0, 1]";
    private static final String TORN_WRITES_MEANING = "keep a random 4 KiB-aligned prefix of each file's unsynced bytes";

    /** Every fault of {@code --nemesis}, in the order the docs list them. */
    private static final List<FaultSpec> SPECS = List.of(
            spec("none", "no faults"),
            spec("kill-leader", "SIGKILL the leader of a random partition, restart it a few seconds later", KILL),
            spec("kill-random", "SIGKILL a random node, restart it later", KILL).formerly("kill"),
            spec("pause", "SIGSTOP a random node, SIGCONT later (a GC-like pause)", PAUSE),
            spec("pause-leader", "SIGSTOP a random partition's leader, SIGCONT later", PAUSE),
            spec("pause-followers-kill-leader", "SIGSTOP a leader's followers for 2 s, SIGKILL the leader, SIGCONT them, restart "
                    + "the leader later: the schedule under which acks=1 loses acknowledged writes", PAUSE, KILL),
            spec("isr-shrink", "SIGSTOP a partition's followers until the ISR is the leader alone, let it acknowledge alone 3 s, "
                    + "SIGKILL it, SIGCONT them, wait for a new leader; restart it later (needs RF 2 on 3 nodes, low "
                    + "replica.lag.time.max.ms)", PAUSE, KILL),
            spec("rolling-restart", "restart every node in turn (clean stop, start), waiting for a full ISR before each", STOP),
            spec("kill-coordinator", "SIGKILL the transaction or group coordinator of the workload (txn, group), restart it later", KILL),
            spec("partition", "cut links between nodes (iptables DROP, both directions); topology from --partition-targets: "
                    + "one, leader, halves, majority-ring, bridge", PARTITION).root(),
            spec("partition-coordinator", "cut the workload's transaction or group coordinator from the other nodes (iptables)",
                    PARTITION).root(),
            spec("partition-clients", "cut the harness's clients from some nodes while the nodes still see each other",
                    PARTITION_CLIENTS).root(),
            spec("slow", "delay the packets of one node or all (200 ± 50 ms): tc netem, or on kernels without netem an NFQUEUE "
                    + "delay queue (python3)", SLOW).root(),
            spec("flaky", "drop 20 % of the packets of one node or all (iptables random drop)", FLAKY).root(),
            spec("toxic-latency", "Toxiproxy: 500 ± 100 ms latency on a node's client or replication traffic", TOXIC_LATENCY).backend(DOCKER),
            spec("toxic-bandwidth", "Toxiproxy: limit a node's client or replication traffic to 32 KB/s", TOXIC_BANDWIDTH).backend(DOCKER),
            spec("toxic-timeout", "Toxiproxy: a node's connections pass no data and close after 2 s", TOXIC_TIMEOUT).backend(DOCKER),
            spec("toxic-reset", "Toxiproxy: reset (TCP RST) a node's client or replication connections", TOXIC_RESET).backend(DOCKER),
            spec("isolate", "Toxiproxy: disable a node's proxies, so no client or follower reaches it", ISOLATE).backend(DOCKER),
            spec("wipe", "a replaced data disk: SIGKILL a random node, wait until the controller fenced it, replace its data "
                    + "directory with a freshly formatted empty one (same node and cluster id, new directory id), restart it later; "
                    + "it re-replicates everything", KILL, WIPE).backend(LOCAL)
                    .option("wipe-before-fencing", "false", "true: replace the disk and restart at once, while the broker's old "
                            + "registration may still be in an ISR (a broker back on an empty disk within its session timeout)"),
            spec("disk-full", "fill a random node's size-limited data file system (tmpfs) until writes fail (ENOSPC); heal frees it "
                    + "(free-disk) and restarts the node (stop if it still runs: a broker whose log directory failed halts, "
                    + "in its own time)", DISK_FULL, STOP).backend(LOCAL).root(),
            spec("corrupt-segment", "bit rot: stop a random in-sync node, flip 4 bytes inside one record batch below its recovery "
                    + "point (a closed segment where one exists), start it", STOP, CORRUPT_SEGMENT).backend(LOCAL).formerly("corrupt"),
            spec("power-loss", "SIGKILL power-loss-nodes random nodes and drop every byte their brokers never fsynced; restart "
                    + "later", POWER_LOSS).backend(LOCAL)
                    .option("power-loss-nodes", "1", "how many random running nodes lose power at once")
                    .option(TORN_WRITES, "false", TORN_WRITES_MEANING),
            spec("power-loss-all", "every node loses power at the same moment (a rack or region power event), all restart later",
                    POWER_LOSS).backend(LOCAL).option(TORN_WRITES, "false", TORN_WRITES_MEANING),
            spec("isr-shrink-power-loss", "isr-shrink whose lone leader loses power instead of a SIGKILL: KIP-966's last replica "
                    + "standing (RF 2 on 3 nodes, low replica.lag.time.max.ms)", PAUSE, POWER_LOSS).backend(LOCAL)
                    .option(TORN_WRITES, "false", TORN_WRITES_MEANING),
            spec("power-loss-leader-follower", "a partition's leader and one follower lose power together and restart "
                    + "restart-gap-seconds apart in restart-order: KIP-101's double failure", POWER_LOSS).backend(LOCAL)
                    .option("restart-gap-seconds", "10", "seconds between the two restarts")
                    .option("restart-order", "follower-first", "follower-first or leader-first")
                    .option(TORN_WRITES, "false", TORN_WRITES_MEANING),
            spec("power-loss-coordinator", "the node coordinating the workload's share-partitions (share: the "
                    + "__share_group_state leader), else its transaction or group coordinator, loses power (unsynced bytes "
                    + "dropped); restart later", POWER_LOSS).backend(LOCAL).option(TORN_WRITES, "false", TORN_WRITES_MEANING),
            spec("hold-request", "kchaos proxy: take one matching request (each matches with the proxy-share chance) out of its client's stream and deliver it later on the "
                    + "proxy's own connection, once the client's next proxy-release-after request was answered (or after "
                    + "proxy-hold-ms): KAFKA-17754's late Produce or EndTxn", PROXY_HOLD)
                    .option(PROXY_API, "PRODUCE", PROXY_API_MEANING)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING)
                    .option("proxy-release-after", "", "the API key whose next request from the same client releases the held one")
                    .option("proxy-hold-ms", "20000", "the longest hold when no release request comes")
                    .option(PROXY_SHARE, "0.2", PROXY_SHARE_MEANING),
            spec("delay-requests", "kchaos proxy: delay a share of matching requests (or their responses) on their connection",
                    PROXY_DELAY)
                    .option(PROXY_API, "PRODUCE", PROXY_API_MEANING)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING)
                    .option("proxy-delay-ms", "100-1000", "the delay, MS or MIN-MAX (uniform), at most 15000")
                    .option("proxy-responses", "false", "true: delay the responses instead of the requests")
                    .option(PROXY_SHARE, "0.2", PROXY_SHARE_MEANING),
            spec("drop-responses", "kchaos proxy: forward matching requests and throw their responses away, so the client "
                    + "times out on a request the broker applied", PROXY_DROP_RESPONSE)
                    .option(PROXY_API, "PRODUCE", PROXY_API_MEANING)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING)
                    .option(PROXY_SHARE, "0.2", PROXY_SHARE_MEANING),
            spec("duplicate-requests", "kchaos proxy: deliver matching requests a second time on the proxy's own connection",
                    PROXY_DUPLICATE)
                    .option(PROXY_API, "PRODUCE", PROXY_API_MEANING)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING)
                    .option(PROXY_SHARE, "0.2", PROXY_SHARE_MEANING),
            spec("error-responses", "kchaos proxy: answer matching requests with proxy-error instead of forwarding them",
                    PROXY_ERROR)
                    .option(PROXY_API, "PRODUCE", PROXY_API_MEANING)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING)
                    .option("proxy-error", "NOT_LEADER_OR_FOLLOWER", "the Kafka error code of the answer, e.g. REQUEST_TIMED_OUT, "
                            + "NOT_ENOUGH_REPLICAS, COORDINATOR_LOAD_IN_PROGRESS, CONCURRENT_TRANSACTIONS")
                    .option(PROXY_SHARE, "0.2", PROXY_SHARE_MEANING),
            spec("proxy-latency", "kchaos proxy: every chunk of bytes on the proxy-target node's client connections (any: every node's), both ways, arrives "
                    + "proxy-latency-ms ± proxy-jitter-ms late (toxic-latency without Toxiproxy)", PROXY_LATENCY)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING)
                    .option("proxy-latency-ms", "500", "the mean delay of each chunk")
                    .option("proxy-jitter-ms", "100", "the delay varies uniformly this much either side of the mean"),
            spec("proxy-bandwidth", "kchaos proxy: a node's client connections pass at most proxy-rate bytes a second each way "
                    + "(toxic-bandwidth without Toxiproxy)", PROXY_BANDWIDTH)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING)
                    .option("proxy-rate", "32768", "bytes a second, each way, per connection"),
            spec("proxy-slice", "kchaos proxy: write everything to a node's clients in slices of about proxy-slice-bytes, "
                    + "proxy-slice-delay-ms apart (Toxiproxy's slicer)", PROXY_SLICE)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING)
                    .option("proxy-slice-bytes", "64", "the mean slice size (each between half and one and a half of it)")
                    .option("proxy-slice-delay-ms", "1", "the gap between slices, MS or MIN-MAX (uniform)"),
            spec("proxy-reset", "kchaos proxy: reset (TCP RST) a node's client connections, and each new one until healed "
                    + "(toxic-reset without Toxiproxy)", PROXY_RESET)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING),
            spec("proxy-blackhole", "kchaos proxy: a node's client connections stay open and pass nothing (bytes both ways "
                    + "thrown away) until healed; the heal closes those that lost bytes", PROXY_BLACKHOLE)
                    .option(PROXY_TARGET, "any", PROXY_TARGET_MEANING));

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

    private static FaultOp fault(String f, String example, String... healedBy) {
        for (String h : healedBy) {
            if (!HEALS.contains(h)) throw new IllegalStateException("declare heal op " + h + " before fault " + f);
        }
        FaultOp op = new FaultOp(f, Set.of(healedBy), example);
        if (FAULTS.putIfAbsent(f, op) != null) throw new IllegalStateException("fault op declared twice: " + f);
        return op;
    }

    /** Declares a fault name other tools write, read like kchaos's own. */
    private static void alias(String f, String... healedBy) {
        fault(f, "", healedBy);
    }

    /** Declares a one-off nemesis action that nothing heals (its window is the op itself). */
    private static FaultOp event(String f, String example) {
        return fault(f, example);
    }

    private static FaultSpec spec(String name, String description, FaultOp... ops) {
        return new FaultSpec(name, description, List.of(ops), List.of(), FaultSpec.Needs.NOTHING, List.of());
    }

    /** Every fault of {@code --nemesis}, in the order the docs list them. */
    public static List<FaultSpec> specs() {
        return SPECS;
    }

    /** The fault named {@code name} on the command line (or by one of its former names), if there is one. */
    public static Optional<FaultSpec> spec(String name) {
        return SPECS.stream().filter(s -> s.name().equals(name) || s.formerly().contains(name)).findFirst();
    }

    /** Settings of the fault schedule itself, whatever the faults: how they are drawn and spaced. */
    public static final List<FaultSpec.Option> SCHEDULE_OPTIONS = List.of(
            new FaultSpec.Option("fault-order", "random", "random (each fault drawn from the seeded Random) or cycle (the "
                    + "listed faults in turn)"),
            new FaultSpec.Option("recover-between", "false", "true: each heal ends only once every partition of the "
                    + "workload's topic has its full ISR again, so no fault lands on a cluster still recovering"));

    /** Every {@code --nemesis-option} setting the schedule or some fault reads, by key (the first declaration of each key). */
    public static Map<String, FaultSpec.Option> options() {
        Map<String, FaultSpec.Option> out = new TreeMap<>();
        SCHEDULE_OPTIONS.forEach(o -> out.put(o.key(), o));
        for (FaultSpec s : SPECS) s.options().forEach(o -> out.putIfAbsent(o.key(), o));
        return out;
    }

    /** The fault op named {@code f}, if {@code f} is one. */
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
