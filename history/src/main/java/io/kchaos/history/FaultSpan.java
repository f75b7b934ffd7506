package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Set;

/**
 * One fault's window as {@link FaultWindows} pairs it: from the fault op's invocation to the completion of the op that
 * healed it (or the end of the run when nothing did). A zero-length span is a nemesis action that is neither a known
 * fault nor a heal.
 */
public final class FaultSpan {
    private final int number;
    private final String f;
    private final long start;
    private final JsonNode invokeValue;
    private JsonNode value;
    private JsonNode completionValue;
    private String error;
    private Set<Integer> nodes;
    private long end = -1;
    private String healedBy;
    private boolean healed;
    private boolean completed;

    FaultSpan(int number, String f, long start, JsonNode invokeValue) {
        this.number = number;
        this.f = f;
        this.start = start;
        this.invokeValue = invokeValue;
        this.value = invokeValue;
        this.nodes = FaultOp.nodes(invokeValue);
    }

    /** The fault op's completion: its value names the target when it names nodes, and its error marks a failed fault. */
    void completed(JsonNode completionValue, String completionError) {
        completed = true;
        this.completionValue = completionValue;
        if (completionValue != null && completionValue.isObject()) value = completionValue;
        Set<Integer> n = FaultOp.nodes(completionValue);
        if (!n.isEmpty()) nodes = n;
        if (completionError != null) error = completionError;
    }

    void heal(long time, String by) {
        end = Math.max(time, start);
        healed = true;
        healedBy = by;
    }

    void endOfRun(long time) {
        if (end < 0) end = Math.max(time, start);
    }

    /** 1-based position among the run's fault windows; 0 for an action that is neither fault nor heal. */
    public int number() {
        return number;
    }

    public String f() {
        return f;
    }

    /** The fault op's invocation time, ns: where the window opens. */
    public long start() {
        return start;
    }

    /** The heal's completion time (a one-off action's own completion), or the run's end when not healed; -1 while open. */
    public long end() {
        return end;
    }

    /** The invocation's value. */
    public JsonNode invokeValue() {
        return invokeValue;
    }

    /** The completion's value when it is an object, else the invocation's. */
    public JsonNode value() {
        return value;
    }

    /** The completion's value, or null before the completion. */
    public JsonNode completionValue() {
        return completionValue;
    }

    /** The completion's error, or null. */
    public String error() {
        return error;
    }

    /** The nodes the fault acts on: the completion's when it names any, else the invocation's. */
    public Set<Integer> nodes() {
        return nodes;
    }

    public boolean healed() {
        return healed;
    }

    /** The f of the op that healed it (a one-off action's own f), or null. */
    public String healedBy() {
        return healedBy;
    }

    /** True once the fault op's completion was read. */
    public boolean completed() {
        return completed;
    }

    /** True for a one-off action ({@link FaultOp#isEvent()}), whose window is the op itself. */
    public boolean isEvent() {
        return NemesisOps.lookup(f).map(FaultOp::isEvent).orElse(false);
    }
}
