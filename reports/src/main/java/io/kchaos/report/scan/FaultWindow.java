package io.kchaos.report.scan;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.NemesisOps;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A fault's time span, from the fault op's invocation to the completion of the op that healed it (or the end of the
 * run when nothing healed it), with the figures measured while it lasted. A zero-length window is a nemesis event
 * that is neither a known fault nor a heal.
 */
public final class FaultWindow {
    private static final int MAX_LABEL = 60;

    private final int number;
    private final String f;
    private final long start;
    private final WindowStats stats = new WindowStats();
    private Set<Integer> nodes = Set.of();
    private String label;
    private String healedBy;
    private long end = -1;
    private boolean healed;
    private boolean failed;

    FaultWindow(int number, String f, long start) {
        this.number = number;
        this.f = f;
        this.start = start;
        this.label = f;
    }

    /** Names the target from the op's value (the completion's when it names one, else the invocation's). */
    void describe(JsonNode value, String error) {
        Set<Integer> n = NemesisOps.nodes(value);
        if (!n.isEmpty() || label.equals(f)) {
            if (!n.isEmpty()) nodes = n;
            label = labelOf(f, value);
        }
        if (error != null) failed = true;
    }

    void heal(long time, String by) {
        end = time;
        healed = true;
        healedBy = by;
    }

    void endOfRun(long time) {
        end = Math.max(time, start);
    }

    /** 1-based position among the run's windows. */
    public int number() {
        return number;
    }

    public String f() {
        return f;
    }

    /** What the report prints and draws, e.g. "kill 2" or "partition [1] | [2 3]"; marked when the nemesis reported an error. */
    public String label() {
        String l = label.length() > MAX_LABEL ? label.substring(0, MAX_LABEL) + "…" : label;
        return failed ? l + " (error)" : l;
    }

    public Set<Integer> nodes() {
        return nodes;
    }

    public long start() {
        return start;
    }

    /** End in ns since the run started; the run's end when not healed. */
    public long end() {
        return end;
    }

    public boolean healed() {
        return healed;
    }

    /** The f of the op that healed it, or null. */
    public String healedBy() {
        return healedBy;
    }

    public WindowStats stats() {
        return stats;
    }

    /** The nodes an op's value names: "nodes", "node", or every node of a "partition" grouping (an array; a number is a topic partition). */

    static String labelOf(String f, JsonNode value) {
        if (value == null || !value.isObject()) return f;
        StringBuilder b = new StringBuilder(f);
        JsonNode partition = value.path("partition");
        if (partition.isArray() && partition.size() > 0) {
            List<String> groups = new ArrayList<>();
            partition.forEach(g -> groups.add(g.isArray() ? "[" + join(g) + "]" : g.asText()));
            b.append(' ').append(String.join(" | ", groups));
        }
        if (value.path("nodes").isArray()) b.append(' ').append(join(value.path("nodes")));
        Iterator<Map.Entry<String, JsonNode>> it = value.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            if (k.equals("nodes") || k.equals("partition") && e.getValue().isArray()) continue;
            if (k.equals("node")) b.append(' ').append(e.getValue().asText());
            else if (e.getValue().isValueNode()) b.append(' ').append(k).append('=').append(e.getValue().asText());
        }
        return b.toString();
    }

    private static String join(JsonNode array) {
        StringBuilder b = new StringBuilder();
        array.forEach(n -> b.append(b.length() == 0 ? "" : " ").append(n.isValueNode() ? n.asText() : n.toString()));
        return b.toString();
    }
}
