package io.kchaos.checker.availability;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Set;
import java.util.TreeSet;

/**
 * The nemesis vocabulary availability needs: which ops heal, which faults each heals (kill↔start, pause↔resume, any
 * network fault↔heal), and which nodes an op's value names.
 */
enum FaultKind {
    PROCESS_DOWN, PAUSE, NETWORK, MAINTENANCE;

    /**
     * Maintenance steps that last from their invocation to their own completion (no separate heal): a rolling
     * upgrade, one node's upgrade (stop, restart on another release, back in every ISR), the feature-level bump.
     */
    static boolean isSpan(String f) {
        switch (f) {
            case "rolling-upgrade": case "upgrade-node": case "finalize-features":
                return true;
            default:
                return false;
        }
    }

    /** The kind of fault a heal op ends ({@code heal}, {@code heal-*} end network and proxy faults), or null if {@code f} is not a heal. */
    static FaultKind healedBy(String f) {
        switch (f) {
            case "start": case "restart": case "recover":
                return PROCESS_DOWN;
            case "resume": case "unpause":
                return PAUSE;
            default:
                return f.startsWith("heal") ? NETWORK : null;
        }
    }

    /** The kind of a fault op (anything that is not a heal). */
    static FaultKind of(String f) {
        switch (f) {
            case "kill": case "kill-leader": case "kill-random": case "crash": case "stop":
                return PROCESS_DOWN;
            case "pause":
                return PAUSE;
            case "rolling-upgrade": case "upgrade-node": case "finalize-features":
                return MAINTENANCE;
            default:
                return NETWORK;
        }
    }

    /** Node ids in {@code nodes}, {@code node}, and the groups of {@code partition}. */
    static Set<Integer> nodes(JsonNode value) {
        Set<Integer> out = new TreeSet<>();
        if (value == null || !value.isObject()) return out;
        value.path("nodes").forEach(n -> add(out, n));
        add(out, value.path("node"));
        value.path("partition").forEach(g -> {
            if (g.isArray()) g.forEach(n -> add(out, n));
            else add(out, g);
        });
        return out;
    }

    private static void add(Set<Integer> out, JsonNode n) {
        if (n.canConvertToInt()) out.add(n.asInt());
    }
}
