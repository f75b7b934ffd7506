package io.kchaos.report.scan;

import java.util.Map;
import java.util.Set;

/** Which nemesis {@code f} names open a fault and which heal it: kill↔start, pause↔resume, partition/slow/flaky↔heal. */
final class NemesisVocabulary {
    private static final Set<String> PROCESS_DOWN = Set.of("kill", "crash", "stop", "kill-leader", "kill-random");
    private static final Set<String> LINK_FAULTS = Set.of("slow", "flaky", "delay", "loss", "corrupt");
    private static final Set<String> NETWORK = Set.of("partition", "partition-clients", "partition-random", "isolate",
            "bridge", "slow", "flaky", "delay", "loss", "corrupt");

    /** Maintenance steps: a window from the invocation to the op's own completion. */
    private static final Set<String> SPANS = Set.of("rolling-upgrade", "upgrade-node", "finalize-features");

    private static final Map<String, Set<String>> HEALS = Map.of(
            "start", PROCESS_DOWN,
            "restart", PROCESS_DOWN,
            "recover", PROCESS_DOWN,
            "resume", Set.of("pause"),
            "unpause", Set.of("pause"),
            "heal", NETWORK,
            "heal-network", NETWORK,
            "heal-links", LINK_FAULTS);

    private NemesisVocabulary() {
    }

    static boolean isHeal(String f) {
        return HEALS.containsKey(f);
    }

    static boolean isFault(String f) {
        return "pause".equals(f) || PROCESS_DOWN.contains(f) || NETWORK.contains(f) || SPANS.contains(f);
    }

    /** True when the op's own completion ends its window (an upgrade step), not a later heal. */
    static boolean isSpan(String f) {
        return SPANS.contains(f);
    }

    /** True when the heal {@code healF} ends a fault of kind {@code faultF}. */
    static boolean heals(String healF, String faultF) {
        return HEALS.getOrDefault(healF, Set.of()).contains(faultF);
    }
}
