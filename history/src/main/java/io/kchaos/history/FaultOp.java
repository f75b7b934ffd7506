package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Set;
import java.util.TreeSet;

/**
 * One fault op name of the nemesis and how its window closes: it opens at the fault op's invocation and closes at the
 * first later op named in {@code healedBy} whose nodes overlap (a heal naming no node closes it on every node). An op
 * with no heal ({@link #isEvent()}) is a one-off action: its window is the op itself, from invocation to completion.
 *
 * @param f        the fault op's {@code f}
 * @param healedBy the {@code f} of the ops that end it
 * @param example  an example of the op's value as kchaos writes it (docs/format.md); empty for names only read
 * @param kind     what it does to the cluster, for the readers that group faults (the report's colours)
 */
public record FaultOp(String f, Set<String> healedBy, String example, FaultKind kind) {
    /**
     * The field of a nemesis completion's value that is {@code false} when the action was taken but its effect was not
     * seen to hold within its bound (the completion is then {@code info}; an {@code ok} completion means it held).
     */
    public static final String HELD = "held";

    public FaultOp {
        healedBy = Set.copyOf(healedBy);
    }

    /** True for a one-off action that nothing needs to heal. */
    public boolean isEvent() {
        return healedBy.isEmpty();
    }

    /** True when the op {@code healF} ends this fault. */
    public boolean isHealedBy(String healF) {
        return healedBy.contains(healF);
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
        if (Json.isInteger(n) && n.canConvertToInt()) out.add(n.asInt());
    }
}
