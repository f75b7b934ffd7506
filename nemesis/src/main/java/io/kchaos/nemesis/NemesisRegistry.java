package io.kchaos.nemesis;

import io.kchaos.history.FaultSpec;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.coordinator.KillCoordinatorNemesis;
import io.kchaos.nemesis.coordinator.PartitionCoordinatorNemesis;
import io.kchaos.nemesis.coordinator.PowerLossCoordinatorNemesis;
import io.kchaos.nemesis.network.ClientPartitionNemesis;
import io.kchaos.nemesis.network.FlakyNemesis;
import io.kchaos.nemesis.network.NetworkFaultOptions;
import io.kchaos.nemesis.network.PartitionNemesis;
import io.kchaos.nemesis.network.SlowNemesis;
import io.kchaos.nemesis.protocol.LinkFaults;
import io.kchaos.nemesis.protocol.ProtocolFaults;
import io.kchaos.nemesis.process.IsrShrinkNemesis;
import io.kchaos.nemesis.process.KillNemesis;
import io.kchaos.nemesis.process.NodeTarget;
import io.kchaos.nemesis.process.NoNemesis;
import io.kchaos.nemesis.process.PauseFollowersKillLeader;
import io.kchaos.nemesis.process.PauseNemesis;
import io.kchaos.nemesis.process.RollingRestartNemesis;
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
import java.util.Set;
import java.util.function.Supplier;

/**
 * Binds each fault of the catalogue ({@link NemesisOps#specs()}: name, description, ops, settings) to the nemesis
 * class that injects it, and maps {@code --nemesis} names (and former names) to nemesis instances.
 */
public final class NemesisRegistry {
    private final Map<String, Supplier<Nemesis>> byName = new LinkedHashMap<>();

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
        r.bind("none", NoNemesis::new);
        r.bind("kill-leader", () -> new KillNemesis(NodeTarget.LEADER));
        r.bind("kill-random", () -> new KillNemesis(NodeTarget.RANDOM));
        r.bind("pause", () -> new PauseNemesis(NodeTarget.RANDOM));
        r.bind("pause-leader", () -> new PauseNemesis(NodeTarget.LEADER));
        r.bind("pause-followers-kill-leader", () -> new PauseFollowersKillLeader(Duration.ofSeconds(2)));
        r.bind("isr-shrink", () -> new IsrShrinkNemesis(Duration.ofSeconds(30), Duration.ofSeconds(3), Duration.ofSeconds(30)));
        r.bind("rolling-restart", () -> new RollingRestartNemesis(Duration.ofSeconds(90)));
        r.bind("kill-coordinator", KillCoordinatorNemesis::new);
        r.bind("partition", () -> new PartitionNemesis(net.partitionTargets()));
        r.bind("partition-coordinator", PartitionCoordinatorNemesis::new);
        r.bind("partition-clients", ClientPartitionNemesis::new);
        r.bind("slow", () -> new SlowNemesis(net.latencyMs(), net.jitterMs()));
        r.bind("flaky", () -> new FlakyNemesis(net.lossPercent()));
        r.bind("toxic-latency", () -> new ToxicNemesis(NemesisOps.TOXIC_LATENCY, new Toxic.Latency(500, 100)));
        r.bind("toxic-bandwidth", () -> new ToxicNemesis(NemesisOps.TOXIC_BANDWIDTH, new Toxic.Bandwidth(32)));
        r.bind("toxic-timeout", () -> new ToxicNemesis(NemesisOps.TOXIC_TIMEOUT, new Toxic.Timeout(2000)));
        r.bind("toxic-reset", () -> new ToxicNemesis(NemesisOps.TOXIC_RESET, new Toxic.ResetPeer(0)));
        r.bind("isolate", IsolateNemesis::new);
        r.bind("wipe", () -> new WipeNemesis(NodeTarget.RANDOM, !options.flag("wipe-before-fencing")));
        r.bind("disk-full", DiskFullNemesis::new);
        r.bind("corrupt-segment", CorruptSegmentNemesis::new);
        r.bind("power-loss", () -> PowerLossNemesis.someNodes(options));
        r.bind("power-loss-all", () -> PowerLossNemesis.allNodes(options));
        r.bind("isr-shrink-power-loss", () -> new IsrShrinkNemesis("isr-shrink-power-loss", new PowerLossCrash(options.flag("torn-writes")),
                Duration.ofSeconds(30), Duration.ofSeconds(1), Duration.ofSeconds(15)));
        r.bind("power-loss-leader-follower", () -> new PowerLossPairNemesis(options));
        r.bind("power-loss-coordinator", () -> new PowerLossCoordinatorNemesis(options.flag("torn-writes")));
        ProtocolFaults.bind(r, options);
        LinkFaults.bind(r, options);
        return r;
    }

    /** Binds the catalogue's fault {@code name} to the class that injects it; IllegalStateException when it has no spec. */
    public void bind(String name, Supplier<Nemesis> factory) {
        FaultSpec spec = NemesisOps.spec(name).filter(s -> s.name().equals(name))
                .orElseThrow(() -> new IllegalStateException("no FaultSpec named " + name + " in NemesisOps"));
        if (byName.putIfAbsent(spec.name(), factory) != null) throw new IllegalStateException("nemesis bound twice: " + name);
    }

    /** Parses a comma-separated list; throws IllegalArgumentException naming an unknown name and the known ones. */
    public List<Nemesis> parse(List<String> names) {
        List<Nemesis> out = new ArrayList<>();
        for (String raw : names) {
            String name = raw.trim();
            if (name.isEmpty()) continue;
            Supplier<Nemesis> f = NemesisOps.spec(name).map(s -> byName.get(s.name())).orElse(null);
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

    /** Every bound name, in the catalogue's order of binding. */
    public Set<String> names() {
        return byName.keySet();
    }

    /** A fresh instance of the nemesis bound to {@code name}. */
    public Nemesis create(String name) {
        return byName.get(name).get();
    }
}
