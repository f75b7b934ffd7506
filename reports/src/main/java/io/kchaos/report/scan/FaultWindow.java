package io.kchaos.report.scan;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.FaultSpan;
import io.kchaos.history.FaultWindows;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A fault's window in the report: the span {@link FaultWindows} paired (from the fault op's invocation to the
 * completion of the op that healed it, or the end of the run), its label, and the figures measured while it lasted. A
 * zero-length window is a nemesis event that is neither a known fault nor a heal.
 */
public final class FaultWindow {
    private static final int MAX_LABEL = 60;

    private final FaultSpan span;
    private final WindowStats stats = new WindowStats();

    FaultWindow(FaultSpan span) {
        this.span = span;
    }

    /** 1-based position among the run's windows. */
    public int number() {
        return span.number();
    }

    public String f() {
        return span.f();
    }

    /** What the report prints and draws, e.g. "kill 2" or "partition [1] | [2 3]"; marked when the nemesis reported an error. */
    public String label() {
        String l = fullLabel();
        if (l.length() > MAX_LABEL) l = l.substring(0, MAX_LABEL) + "…";
        return span.error() != null ? l + " (error)" : l;
    }

    /** The completion's target when it names nodes, else the invocation's when it says more than the f. */
    private String fullLabel() {
        JsonNode completion = span.completionValue();
        if (!FaultOp.nodes(completion).isEmpty()) return labelOf(span.f(), completion);
        String invoke = labelOf(span.f(), span.invokeValue());
        return invoke.equals(span.f()) && completion != null ? labelOf(span.f(), completion) : invoke;
    }

    public Set<Integer> nodes() {
        return span.nodes();
    }

    public long start() {
        return span.start();
    }

    /** When the fault held (its {@code ok} completion), else its invocation; see {@link FaultSpan#heldAt()}. */
    public long heldAt() {
        return span.heldAt();
    }

    /** True when its op completed {@code ok}: the nemesis saw the effect hold. */
    public boolean held() {
        return span.held();
    }

    /** True when the nemesis said the effect was not seen within its bound. */
    public boolean notHeld() {
        return span.notHeld();
    }

    /** True once the fault op's completion was read. */
    public boolean completed() {
        return span.completed();
    }

    /** Completion time of the first acknowledged send while the fault held, or -1 ({@link WindowStats#firstAck}). */
    public long firstAck() {
        return stats.firstAck(span.held());
    }

    /** End in ns since the run started; the run's end when not healed. */
    public long end() {
        return span.end();
    }

    public boolean healed() {
        return span.healed();
    }

    /** The f of the op that healed it, or null. */
    public String healedBy() {
        return span.healedBy();
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
        String role = roleWords(value);
        if (role != null) b.append(" (").append(role).append(')');
        Iterator<Map.Entry<String, JsonNode>> it = value.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            if (k.equals("nodes") || k.equals("partition") && e.getValue().isArray() || FaultOp.HELD.equals(k)) continue;
            if (ROLE_FIELDS.contains(k) && (role != null || "random".equals(value.path("role").asText()))) continue;
            if (k.equals("node")) b.append(' ').append(e.getValue().asText());
            else if (e.getValue().isValueNode()) b.append(' ').append(k).append('=').append(e.getValue().asText());
        }
        return b.toString();
    }

    private static final Set<String> ROLE_FIELDS = Set.of("role", "leader-of", "followers-of");

    /** The role a fault's nodes were chosen for, in words ("leader of p1", "followers of p0"); null for none or a random node. */
    private static String roleWords(JsonNode value) {
        String role = value.path("role").asText("");
        return switch (role) {
            case "leader" -> value.path("leader-of").isInt() ? "leader of p" + value.path("leader-of").asInt() : null;
            case "followers" -> value.path("followers-of").isInt() ? "followers of p" + value.path("followers-of").asInt() : null;
            case "all" -> "every node";
            default -> null;
        };
    }

    private static String join(JsonNode array) {
        StringBuilder b = new StringBuilder();
        array.forEach(n -> b.append(b.length() == 0 ? "" : " ").append(n.isValueNode() ? n.asText() : n.toString()));
        return b.toString();
    }
}
