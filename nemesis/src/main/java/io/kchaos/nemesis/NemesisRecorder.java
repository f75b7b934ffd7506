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

    /** Writes the invoke, runs the action, writes the info completion (with the error, if it threw; then rethrows). */
    public void record(String f, ObjectNode value, Runnable action) {
        history.invoke(Op.NEMESIS, f, value);
        try {
            action.run();
        } catch (RuntimeException e) {
            history.complete(Op.NEMESIS, OpType.INFO, f, value, e.getClass().getSimpleName() + ": " + e.getMessage());
            throw e;
        }
        history.complete(Op.NEMESIS, OpType.INFO, f, value, null);
    }

    /** {@code {"nodes": [..]}}. */
    public static ObjectNode nodes(Collection<Integer> nodes) {
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("nodes");
        nodes.forEach(a::add);
        return v;
    }
}
