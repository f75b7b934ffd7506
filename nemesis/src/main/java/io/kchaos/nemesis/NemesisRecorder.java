package io.kchaos.nemesis;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.nemesis.cluster.FaultNotHeld;

import java.util.Collection;

/**
 * Records nemesis actions as invoke/completion pairs with process {@code "nemesis"}, around the action itself: the
 * completion is {@code ok} once the action returned, which for a fault or heal means its effect was seen to hold
 * (the {@code ClusterControl} contract), and {@code info} when it was not ({@link FaultNotHeld}) or the action failed.
 */
public final class NemesisRecorder {
    /** How the error of a completion whose effect was not seen begins. */
    public static final String NOT_HELD_ERROR = "not held: ";

    private final HistoryWriter history;

    public NemesisRecorder(HistoryWriter history) {
        this.history = history;
    }

    /** Nanoseconds since the run started, on the history's clock (what each op's {@code time} says). */
    public long now() {
        return history.now();
    }

    /**
     * Writes the invoke, runs the action, writes the completion: {@code ok} when it returned; {@code info} with
     * {@code "held": false} and what was seen when its effect was not observed ({@link FaultNotHeld}: the run goes on,
     * so the fault's heal still comes); {@code info} with the error when it threw anything else (then rethrows). The
     * action may fill in {@code value} (what a fault did); each line gets a copy as it stands then, since the history
     * is encoded later by its writer thread.
     */
    public void record(String f, ObjectNode value, Runnable action) {
        history.invoke(Op.NEMESIS, f, value.deepCopy());
        try {
            action.run();
        } catch (FaultNotHeld e) {
            ObjectNode v = value.deepCopy();
            v.put(FaultOp.HELD, false);
            history.complete(Op.NEMESIS, OpType.INFO, f, v, NOT_HELD_ERROR + e.getMessage());
            return;
        } catch (RuntimeException e) {
            history.complete(Op.NEMESIS, OpType.INFO, f, value.deepCopy(), e.getClass().getSimpleName() + ": " + e.getMessage());
            throw e;
        }
        history.complete(Op.NEMESIS, OpType.OK, f, value.deepCopy(), null);
    }

    /** {@code {"nodes": [..]}}. */
    public static ObjectNode nodes(Collection<Integer> nodes) {
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("nodes");
        nodes.forEach(a::add);
        return v;
    }
}
