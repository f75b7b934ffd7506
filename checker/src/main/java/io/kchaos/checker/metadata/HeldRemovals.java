package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.History;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.history.OperationFields;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The voter removals of a history that held (a {@code remove-voter}, or voter-grow's {@code shrink-voter}, completed ok,
 * its {@code voters-after} without the node), each with the first {@code add-voter} (or {@code grow-voter}) of that node
 * invoked after it: the one op that may bring the voter back.
 */
final class HeldRemovals {
    /** The ops that remove a voter, and those that add one. */
    private static final Set<String> REMOVALS = Set.of(NemesisOps.REMOVE_VOTER.f(), NemesisOps.SHRINK_VOTER);
    private static final Set<String> ADDITIONS = Set.of(NemesisOps.ADD_VOTER, NemesisOps.GROW_VOTER.f());

    /** No add-voter of the node was invoked after the removal. */
    static final long NO_ADD_VOTER = -1;

    /**
     * One held removal.
     *
     * @param node          the removed voter's id
     * @param directoryId   its directory id as the removal named it ("" when it named none)
     * @param index         the index of the removal's ok completion
     * @param timeNanos     when it completed, on the history's clock
     * @param addVoterIndex the index of the first add-voter of the node invoked after it, or {@link #NO_ADD_VOTER}
     * @param addVoterNanos when that add-voter was invoked, or {@link Long#MAX_VALUE}
     */
    record Removal(int node, String directoryId, long index, long timeNanos, long addVoterIndex, long addVoterNanos) {
        Removal healedBy(Op addVoter) {
            return new Removal(node, directoryId, index, timeNanos, addVoter.index(), addVoter.time());
        }
    }

    private HeldRemovals() {
    }

    /**
     * The held removals in history order. An add-voter naming no node counts for every node, and one invoked while a
     * removal of its node was in flight undoes that removal's claim to have held.
     */
    static List<Removal> of(History history) {
        List<Removal> out = new ArrayList<>();
        List<Removal> open = new ArrayList<>();
        Map<Integer, Boolean> inFlightAdded = new HashMap<>();
        history.forEach(op -> {
            if (!op.isNemesis()) return;
            Set<Integer> nodes = FaultOp.nodes(op.value());
            if (REMOVALS.contains(op.f())) {
                if (op.isInvoke()) {
                    nodes.forEach(n -> inFlightAdded.put(n, false));
                    return;
                }
                for (int n : nodes) {
                    boolean added = Boolean.TRUE.equals(inFlightAdded.remove(n));
                    if (op.isOk() && !added && absentAfter(op.value(), n)) {
                        open.add(new Removal(n, op.value().path(OperationFields.DIRECTORY_ID).asText(""), op.index(), op.time(),
                                NO_ADD_VOTER, Long.MAX_VALUE));
                    }
                }
            } else if (ADDITIONS.contains(op.f()) && op.isInvoke()) {
                inFlightAdded.replaceAll((n, added) -> added || nodes.isEmpty() || nodes.contains(n));
                for (Iterator<Removal> it = open.iterator(); it.hasNext(); ) {
                    Removal r = it.next();
                    if (!nodes.isEmpty() && !nodes.contains(r.node())) continue;
                    out.add(r.healedBy(op));
                    it.remove();
                }
            }
        });
        out.addAll(open);
        out.sort(java.util.Comparator.comparingLong(Removal::index));
        return List.copyOf(out);
    }

    /** True when the removal's voters read back after it are given and lack the node. */
    private static boolean absentAfter(JsonNode value, int node) {
        JsonNode after = value.path(OperationFields.VOTERS_AFTER);
        if (!after.isArray()) return false;
        for (JsonNode v : after) {
            if (v.canConvertToInt() && v.asInt() == node) return false;
        }
        return true;
    }
}
