package io.kchaos.harness.upgrade;

import io.kchaos.history.folder.RunFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The Kafka release each node runs over time: its start release at 0 s, then one entry per restart on another release. */
final class NodeVersionTimeline {
    private record Entry(double sinceSeconds, String version) {
    }

    private final Map<Integer, List<Entry>> nodes = new TreeMap<>();

    NodeVersionTimeline(List<Integer> nodeIds, String startVersion) {
        for (int id : nodeIds) nodes.computeIfAbsent(id, k -> new ArrayList<>()).add(new Entry(0, startVersion));
    }

    synchronized void switched(int node, String version, double atSeconds) {
        nodes.computeIfAbsent(node, k -> new ArrayList<>()).add(new Entry(Math.round(atSeconds * 100) / 100.0, version));
    }

    /** The release the node runs now. */
    synchronized String current(int node) {
        List<Entry> e = nodes.get(node);
        return e == null || e.isEmpty() ? "?" : e.get(e.size() - 1).version();
    }

    /** {@code {"1": [{"version": "3.9.1", "since-s": 0.0}, {"version": "4.1.1", "since-s": 31.2}], ...}}. */
    synchronized ObjectNode toJson() {
        ObjectNode o = Json.object();
        nodes.forEach((id, entries) -> {
            var a = o.putArray(Integer.toString(id));
            entries.forEach(e -> a.addObject().put(RunFields.Upgrade.VERSION, e.version()).put(RunFields.Upgrade.SINCE_S, e.sinceSeconds()));
        });
        return o;
    }
}
