package io.kchaos.checker.txn.graph;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.AnomalyType;
import io.kchaos.history.Json;

import java.util.List;
import java.util.function.IntFunction;

/**
 * One cycle found: its anomaly type, its edges in order (each ending where the next begins, the last where the first
 * begins) and the size of the strongly connected component it was found in.
 */
public record Cycle(AnomalyType type, List<DependencyGraph.Edge> edges, int componentSize) {
    /**
     * The case as results.json shows it: the transactions in cycle order, each described by {@code txn} (its index and
     * process), and each edge with its kind and evidence; transactions are named in edges by their index.
     */
    public ObjectNode toJson(IntFunction<ObjectNode> txn) {
        ObjectNode o = Json.object();
        ArrayNode nodes = o.putArray("cycle");
        ArrayNode steps = o.putArray("edges");
        for (DependencyGraph.Edge e : edges) {
            ObjectNode from = txn.apply(e.from());
            nodes.add(from);
            ObjectNode s = steps.addObject();
            s.set("from", from.get("index"));
            s.set("to", txn.apply(e.to()).get("index"));
            s.put("kind", e.kind().wire());
            switch (e.kind()) {
                case WW -> s.put("partition", e.partition()).putArray("offsets").add(e.a()).add(e.b());
                case WR -> s.put("partition", e.partition()).put("offset", e.a());
                case RW -> s.put("partition", e.partition()).put("read-offset", e.a()).put("next-offset", e.b());
                case PROCESS -> s.put("completed-index", e.a()).put("completed-index-next", e.b());
                case REALTIME -> s.put("completed-index", e.a()).put("invoked-index", e.b());
            }
        }
        o.put("component-size", componentSize);
        return o;
    }
}
