package io.kchaos.nemesis;

import io.kchaos.nemesis.process.KillNemesis;
import io.kchaos.nemesis.process.NodeTarget;
import io.kchaos.nemesis.process.NoNemesis;
import io.kchaos.nemesis.process.PauseFollowersKillLeader;
import io.kchaos.nemesis.process.PauseNemesis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Maps the {@code --nemesis} names of shared/spec/cli.md to nemesis instances. */
public final class NemesisRegistry {
    private final Map<String, Supplier<Nemesis>> byName = new LinkedHashMap<>();
    private final Map<String, String> descriptions = new LinkedHashMap<>();

    /** The registry with every built-in nemesis. */
    public static NemesisRegistry builtIn() {
        NemesisRegistry r = new NemesisRegistry();
        r.register("none", "no faults", NoNemesis::new);
        r.register("kill-leader", "SIGKILL the leader of a random partition, restart it later", () -> new KillNemesis(NodeTarget.LEADER));
        r.register("kill-random", "SIGKILL a random node, restart it later", () -> new KillNemesis(NodeTarget.RANDOM));
        r.register("kill", "alias of kill-random", () -> new KillNemesis(NodeTarget.RANDOM));
        r.register("pause", "SIGSTOP a random node, SIGCONT later", () -> new PauseNemesis(NodeTarget.RANDOM));
        r.register("pause-leader", "SIGSTOP a random partition's leader, SIGCONT later", () -> new PauseNemesis(NodeTarget.LEADER));
        r.register("pause-followers-kill-leader", "SIGSTOP a leader's followers for 2 s, SIGKILL the leader, SIGCONT them, restart it later",
                () -> new PauseFollowersKillLeader(Duration.ofSeconds(2)));
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

    public Map<String, String> descriptions() {
        return descriptions;
    }
}
