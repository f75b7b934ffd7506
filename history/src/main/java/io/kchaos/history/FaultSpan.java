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
    private long heldAt = -1;
    private boolean notHeld;

    FaultSpan(int number, String f, long start, JsonNode invokeValue) {
        this.number = number;
        this.f = f;
        this.start = start;
        this.invokeValue = invokeValue;
        this.value = invokeValue;
        this.nodes = FaultOp.nodes(invokeValue);
    }

    /**
     * The fault op's completion: its value names the target when it names nodes, and its error marks a failed fault;
     * an {@code ok} completion is the instant the fault was seen to hold, a value with {@code "held": false} one that
     * was not.
     */
    void completed(Op completion) {
        JsonNode completionValue = completion.value();
        String completionError = completion.error();
        completed = true;
        if (completion.isOk()) heldAt = completion.time();
        notHeld = completionValue != null && completionValue.path(FaultOp.HELD).isBoolean() && !completionValue.path(FaultOp.HELD).asBoolean();
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

    /**
     * When the fault's effect held: its {@code ok} completion's time. A fault completed {@code info} (a history from
     * before kchaos verified its faults, or a fault not seen to hold) has no such instant: its invocation is used.
     */
    public long heldAt() {
        return heldAt >= 0 ? heldAt : start;
    }

    /** True when the fault's completion was {@code ok}: the nemesis saw its effect hold. */
    public boolean held() {
        return heldAt >= 0;
    }

    /** True when the nemesis said its effect was not seen within its bound ({@code "held": false}). */
    public boolean notHeld() {
        return notHeld;
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
