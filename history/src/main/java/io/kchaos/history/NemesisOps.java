package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one declaration of nemesis op names (docs/format.md, "Nemesis ops"): every fault op with the heal ops that end
 * it. Nemeses record these names, and availability and the report derive their fault windows from them. A new fault
 * is one line here: {@code fault("name", HEAL_OP, ...)}, or {@code event("name")} for an action nothing heals.
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

    // process faults
    public static final FaultOp KILL = fault("kill", START, RESTART, RECOVER);
    public static final FaultOp STOP = fault("stop", START, RESTART, RECOVER);
    public static final FaultOp PAUSE = fault("pause", RESUME, UNPAUSE);
    // storage faults: power loss is a kill that also drops every byte the node never fsynced
    public static final FaultOp POWER_LOSS = fault("power-loss", START, RESTART, RECOVER);
    // done to a stopped node (a replaced disk, flipped bytes below the recovery point): its start ends them
    public static final FaultOp WIPE = fault("wipe", START, RESTART, RECOVER);
    public static final FaultOp CORRUPT_SEGMENT = fault("corrupt-segment", START, RESTART, RECOVER);
    // a data file system filled until writes fail; free-disk ends it (and a start, when the broker died of it)
    public static final FaultOp FILL_DISK = fault("fill-disk", FREE_DISK, START);
    // network faults (iptables, netem): one heal op undoes them all
    public static final FaultOp PARTITION = fault("partition", HEAL, HEAL_NETWORK);
    public static final FaultOp PARTITION_CLIENTS = fault("partition-clients", HEAL, HEAL_NETWORK);
    public static final FaultOp SLOW = fault("slow", HEAL, HEAL_NETWORK, HEAL_LINKS);
    public static final FaultOp FLAKY = fault("flaky", HEAL, HEAL_NETWORK, HEAL_LINKS);
    // proxy faults (Toxiproxy, the Docker backend): rejoin ends an isolation, heal-toxic ends any of them
    public static final FaultOp ISOLATE = fault("isolate", REJOIN, HEAL_TOXIC);
    public static final FaultOp TOXIC_LATENCY = fault("toxic-latency", HEAL_TOXIC);
    public static final FaultOp TOXIC_BANDWIDTH = fault("toxic-bandwidth", HEAL_TOXIC);
    public static final FaultOp TOXIC_TIMEOUT = fault("toxic-timeout", HEAL_TOXIC);
    public static final FaultOp TOXIC_RESET = fault("toxic-reset", HEAL_TOXIC);
    // protocol faults (the kchaos proxy, Kroxylicious): a rule on single Kafka requests, switched off by heal-proxy;
    // proxy-action is one thing the proxy did to one request (its API key, connection, client, correlation id)
    public static final FaultOp PROXY_HOLD = fault("proxy-hold", HEAL_PROXY);
    public static final FaultOp PROXY_DELAY = fault("proxy-delay", HEAL_PROXY);
    public static final FaultOp PROXY_DROP_RESPONSE = fault("proxy-drop-response", HEAL_PROXY);
    public static final FaultOp PROXY_DUPLICATE = fault("proxy-duplicate", HEAL_PROXY);
    public static final FaultOp PROXY_ERROR = fault("proxy-error", HEAL_PROXY);
    public static final String PROXY_ACTION = note("proxy-action");
    // a run's rolling upgrade (harness upgrade/): the round, one node's switch to another release (stop, restart,
    // back in every ISR) and the feature-level bump; each window is the op itself
    public static final FaultOp ROLLING_UPGRADE = event("rolling-upgrade");
    public static final FaultOp UPGRADE_NODE = event("upgrade-node");
    public static final FaultOp FINALIZE_FEATURES = event("finalize-features");

    static {
        // fault names other tools write, understood by `kchaos check`
        fault("crash", START, RESTART, RECOVER);
        fault("kill-leader", START, RESTART, RECOVER);
        fault("kill-random", START, RESTART, RECOVER);
        fault("partition-random", HEAL, HEAL_NETWORK);
        fault("bridge", HEAL, HEAL_NETWORK);
        fault("delay", HEAL, HEAL_NETWORK, HEAL_LINKS);
        fault("loss", HEAL, HEAL_NETWORK, HEAL_LINKS);
        fault("corrupt", HEAL, HEAL_NETWORK, HEAL_LINKS);
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

    private static FaultOp fault(String f, String... healedBy) {
        for (String h : healedBy) {
            if (!HEALS.contains(h)) throw new IllegalStateException("declare heal op " + h + " before fault " + f);
        }
        FaultOp op = new FaultOp(f, Set.of(healedBy));
        if (FAULTS.putIfAbsent(f, op) != null) throw new IllegalStateException("fault op declared twice: " + f);
        return op;
    }

    /** Declares a one-off nemesis action that nothing heals (its window is the op itself). */
    private static FaultOp event(String f) { // for one-off actions (feature finalization, an upgrade step, ...)
        return fault(f, new String[0]);
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

    /** Every declared fault op, in declaration order. */
    public static Map<String, FaultOp> faults() {
        return Collections.unmodifiableMap(FAULTS);
    }

    /** Every declared heal op name. */
    public static Set<String> heals() {
        return Collections.unmodifiableSet(HEALS);
    }

    /** The node ids a nemesis op's value names: {@code nodes}, {@code node}, and the groups of {@code partition}. */
    public static Set<Integer> nodes(JsonNode value) {
        Set<Integer> out = new TreeSet<>();
        if (value == null || !value.isObject()) return out;
        value.path("nodes").forEach(n -> addNode(out, n));
        addNode(out, value.path("node"));
        value.path("partition").forEach(g -> {
            if (g.isArray()) g.forEach(n -> addNode(out, n));
            else addNode(out, g);
        });
        return out;
    }

    private static void addNode(Set<Integer> out, JsonNode n) {
        if (n.canConvertToInt()) out.add(n.asInt());
    }
}
