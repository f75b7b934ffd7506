package io.kchaos.nemesis.network;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.nemesis.cluster.Connectivity;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * One planned partition: its topology, the components that still see each other (they may overlap), and the partition
 * whose leader it isolates (-1 if none). Its history value names the exact target, e.g.
 * {@code {"partition": [[1], [2, 3]], "cut": [[1, 2], [1, 3]], "topology": "one"}}.
 */
public record PartitionPlan(Topology topology, List<Set<Integer>> components, int leaderOf) {

    /** The links this plan cuts among the given nodes. */
    public List<List<Integer>> cut(Collection<Integer> nodes) {
        return Connectivity.cut(nodes, components);
    }

    /** The history value of this partition. */
    public ObjectNode toJson(Collection<Integer> nodes) {
        ObjectNode v = Json.object();
        putComponents(v, components, nodes);
        v.put("topology", topology.wire());
        if (leaderOf >= 0) v.put("leader-of", leaderOf);
        return v;
    }

    /**
     * Writes a partition's {@code "partition"} (the components, each sorted) and {@code "cut"} (the links it cuts among
     * {@code nodes}) into a history value: every partition fault names its exact target so.
     */
    public static void putComponents(ObjectNode v, List<Set<Integer>> components, Collection<Integer> nodes) {
        ArrayNode groups = v.putArray("partition");
        for (Set<Integer> c : components) {
            ArrayNode g = groups.addArray();
            c.stream().sorted().forEach(g::add);
        }
        ArrayNode cut = v.putArray("cut");
        for (List<Integer> link : Connectivity.cut(nodes, components)) {
            ArrayNode l = cut.addArray();
            link.forEach(l::add);
        }
    }

    /** Short text for the status line, e.g. {@code one [1] | [2, 3]}. */
    public String describe() {
        StringBuilder b = new StringBuilder(topology.wire()).append(' ');
        for (int i = 0; i < components.size(); i++) {
            if (i > 0) b.append(" | ");
            b.append(components.get(i).stream().sorted().toList());
        }
        return b.toString();
    }
}
