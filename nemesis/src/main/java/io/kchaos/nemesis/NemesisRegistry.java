package io.kchaos.nemesis;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.coordinator.KillCoordinatorNemesis;
import io.kchaos.nemesis.coordinator.PartitionCoordinatorNemesis;
import io.kchaos.nemesis.network.ClientPartitionNemesis;
import io.kchaos.nemesis.network.FlakyNemesis;
import io.kchaos.nemesis.network.NetworkFaultOptions;
import io.kchaos.nemesis.network.PartitionNemesis;
import io.kchaos.nemesis.network.SlowNemesis;
import io.kchaos.nemesis.process.IsrShrinkNemesis;
import io.kchaos.nemesis.process.KillNemesis;
import io.kchaos.nemesis.process.NodeTarget;
import io.kchaos.nemesis.process.NoNemesis;
import io.kchaos.nemesis.process.PauseFollowersKillLeader;
import io.kchaos.nemesis.process.PauseNemesis;
import io.kchaos.nemesis.process.RollingRestartNemesis;
import io.kchaos.nemesis.protocol.ProtocolFaults;
import io.kchaos.nemesis.storage.CorruptSegmentNemesis;
import io.kchaos.nemesis.storage.DiskFullNemesis;
import io.kchaos.nemesis.storage.PowerLossCrash;
import io.kchaos.nemesis.storage.PowerLossNemesis;
import io.kchaos.nemesis.storage.PowerLossPairNemesis;
import io.kchaos.nemesis.storage.WipeNemesis;
import io.kchaos.nemesis.toxic.IsolateNemesis;
import io.kchaos.nemesis.toxic.ToxicNemesis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Maps the {@code --nemesis} names (README, docs/format.md) to nemesis instances. */
public final class NemesisRegistry {
    private final Map<String, Supplier<Nemesis>> byName = new LinkedHashMap<>();
    private final Map<String, String> descriptions = new LinkedHashMap<>();

    /** The registry with every built-in nemesis, network faults with their default settings. */
    public static NemesisRegistry builtIn() {
        return builtIn(NetworkFaultOptions.defaults());
    }

    /** The registry with every built-in nemesis, network faults with these settings. */
    public static NemesisRegistry builtIn(NetworkFaultOptions net) {
        return builtIn(net, NemesisOptions.none());
    }

    /** The registry with every built-in nemesis: network faults with these settings, the others tuned by {@code options}. */
    public static NemesisRegistry builtIn(NetworkFaultOptions net, NemesisOptions options) {
        NemesisRegistry r = new NemesisRegistry();
        r.register("none", "no faults", NoNemesis::new);
        r.register("kill-leader", "SIGKILL the leader of a random partition, restart it later", () -> new KillNemesis(NodeTarget.LEADER));
        r.register("kill-random", "SIGKILL a random node, restart it later", () -> new KillNemesis(NodeTarget.RANDOM));
        r.register("kill", "alias of kill-random", () -> new KillNemesis(NodeTarget.RANDOM));
        r.register("pause", "SIGSTOP a random node, SIGCONT later", () -> new PauseNemesis(NodeTarget.RANDOM));
        r.register("pause-leader", "SIGSTOP a random partition's leader, SIGCONT later", () -> new PauseNemesis(NodeTarget.LEADER));
        r.register("pause-followers-kill-leader", "SIGSTOP a leader's followers for 2 s, SIGKILL the leader, SIGCONT them, restart it later",
                () -> new PauseFollowersKillLeader(Duration.ofSeconds(2)));
        r.register("isr-shrink", "SIGSTOP a partition's followers until the ISR is the leader alone, let it acknowledge alone 3 s, SIGKILL it, "
                + "SIGCONT them, wait for a new leader; restart it later (needs RF 2 on 3 nodes, low replica.lag.time.max.ms)",
                () -> new IsrShrinkNemesis(Duration.ofSeconds(30), Duration.ofSeconds(3), Duration.ofSeconds(30)));
        r.register("rolling-restart", "restart every node in turn (clean stop, start), waiting for a full ISR before each",
                () -> new RollingRestartNemesis(Duration.ofSeconds(90)));
        r.register("partition", "cut links between nodes (iptables); topology from --partition-targets",
                () -> new PartitionNemesis(net.partitionTargets()));
        r.register("kill-coordinator", "SIGKILL the transaction or group coordinator of the workload (txn, group), restart it later",
                KillCoordinatorNemesis::new);
        r.register("partition-coordinator", "cut the workload's transaction or group coordinator from the other nodes (iptables)",
                PartitionCoordinatorNemesis::new);
        r.register("partition-clients", "cut the harness's clients from some nodes; the nodes still see each other", ClientPartitionNemesis::new);
        r.register("slow", "delay the packets of one node or all (" + net.latencyMs() + " ± " + net.jitterMs() + " ms)",
                () -> new SlowNemesis(net.latencyMs(), net.jitterMs()));
        r.register("flaky", "drop " + net.lossPercent() + " % of the packets of one node or all", () -> new FlakyNemesis(net.lossPercent()));
        r.register("toxic-latency", "Toxiproxy: 500 ± 100 ms latency on a node's client or replication traffic (--backend docker)",
                () -> new ToxicNemesis(NemesisOps.TOXIC_LATENCY, new Toxic.Latency(500, 100)));
        r.register("toxic-bandwidth", "Toxiproxy: limit a node's client or replication traffic to 32 KB/s (--backend docker)",
                () -> new ToxicNemesis(NemesisOps.TOXIC_BANDWIDTH, new Toxic.Bandwidth(32)));
        r.register("toxic-timeout", "Toxiproxy: a node's connections pass no data and close after 2 s (--backend docker)",
                () -> new ToxicNemesis(NemesisOps.TOXIC_TIMEOUT, new Toxic.Timeout(2000)));
        r.register("toxic-reset", "Toxiproxy: reset (TCP RST) a node's client or replication connections (--backend docker)",
                () -> new ToxicNemesis(NemesisOps.TOXIC_RESET, new Toxic.ResetPeer(0)));
        r.register("wipe", "SIGKILL a random node, replace its data directory with a freshly formatted empty one (new directory id; "
                + "the KRaft metadata log is kept on its own directory), restart it later", () -> new WipeNemesis(NodeTarget.RANDOM));
        r.register("disk-full", "fill a random node's size-limited data file system (tmpfs) until writes fail; free it and restart the node "
                + "if it died (root)", DiskFullNemesis::new);
        r.register("corrupt", "stop a random node, flip bytes in a batch below its recovery point (a closed segment where one exists), "
                + "start it (history op corrupt-segment)", CorruptSegmentNemesis::new);
        r.register("isolate", "Toxiproxy: disable a node's proxies, so no client or follower reaches it (--backend docker)", IsolateNemesis::new);
        r.register("power-loss", "SIGKILL power-loss-nodes random nodes (1) and drop every byte they never fsynced; restart later (--backend local)",
                () -> PowerLossNemesis.someNodes(options));
        r.register("power-loss-all", "every node loses power at once: SIGKILL all, drop every unsynced byte, restart all later (--backend local)",
                () -> PowerLossNemesis.allNodes(options));
        r.register("isr-shrink-power-loss", "isr-shrink whose lone leader loses power instead of a SIGKILL (its unsynced tail is gone): "
                + "KIP-966's last replica standing (RF 2 on 3 nodes, low replica.lag.time.max.ms; --backend local)",
                () -> new IsrShrinkNemesis("isr-shrink-power-loss", new PowerLossCrash(options.flag("torn-writes", false)),
                        Duration.ofSeconds(30), Duration.ofSeconds(1), Duration.ofSeconds(15)));
        r.register("power-loss-leader-follower", "a partition's leader and one follower lose power together; restart them "
                + "restart-gap-seconds (10) apart, restart-order follower-first (default) or leader-first: KIP-101's double failure (--backend local)",
                () -> new PowerLossPairNemesis(options));
        ProtocolFaults.register(r, options);
        return r;
    }

    public void register(String name, String description, Supplier<Nemesis> factory) {
        byName.put(name, factory);
        descriptions.put(name, description);
    }

    /** Parses a comma-separated list; throws IllegalArgumentException naming an unknown name and the known ones. */
    public List<Nemesis> parse(List<String> names) {
        List<Nemesis> out = new ArrayList<>();
        for (String raw : names) {
            String name = raw.trim();
            if (name.isEmpty()) continue;
            Supplier<Nemesis> f = byName.get(name);
            if (f == null) throw new IllegalArgumentException("unknown nemesis '" + name + "'; known: " + String.join(", ", byName.keySet()));
            out.add(f.get());
        }
        if (out.isEmpty()) throw new IllegalArgumentException("no nemesis given; use 'none' for no faults");
        return out;
    }

    /** The names of the nemeses that need this capability, in registration order. */
    public List<String> namesRequiring(Capability capability) {
        return byName.entrySet().stream().filter(e -> e.getValue().get().requires().contains(capability)).map(Map.Entry::getKey).toList();
    }

    public Map<String, String> descriptions() {
        return descriptions;
    }
}
