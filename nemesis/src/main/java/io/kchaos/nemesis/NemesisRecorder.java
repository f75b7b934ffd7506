package io.kchaos.nemesis;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.util.Collection;

/** Records nemesis actions as invoke/info pairs with process {@code "nemesis"}, around the action itself. */
public final class NemesisRecorder {
    private final HistoryWriter history;

    public NemesisRecorder(HistoryWriter history) {
        this.history = history;
    }

    /** Nanoseconds since the run started, on the history's clock (what each op's {@code time} says). */
    public long now() {
        return history.now();
    }

    /**
     * Writes the invoke, runs the action, writes the info completion (with the error, if it threw; then rethrows). The
     * action may fill in {@code value} (what a fault did); each line gets a copy as it stands then, since the history
     * is encoded later by its writer thread.
     */
    public void record(String f, ObjectNode value, Runnable action) {
        history.invoke(Op.NEMESIS, f, value.deepCopy());
        try {
            action.run();
        } catch (RuntimeException e) {
            history.complete(Op.NEMESIS, OpType.INFO, f, value.deepCopy(), e.getClass().getSimpleName() + ": " + e.getMessage());
            throw e;
        }
        history.complete(Op.NEMESIS, OpType.INFO, f, value.deepCopy(), null);
    }

    /** {@code {"nodes": [..]}}. */
    public static ObjectNode nodes(Collection<Integer> nodes) {
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("nodes");
        nodes.forEach(a::add);
        return v;
    }
}
