package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One line of a history: an invocation or a completion, as in Jepsen's history ops.
 *
 * @param index   0-based position in the history
 * @param time    nanoseconds since the run started
 * @param process logical client process, or {@link #NEMESIS} for the nemesis
 * @param type    invoke / ok / fail / info
 * @param f       the operation's function, e.g. {@code send}, {@code poll}, {@code drain}, {@code kill}
 * @param value   the operation's value (may be a JSON null), never Java null
 * @param error   exception class and message on fail/info, or null
 */
public record Op(long index, long time, int process, OpType type, String f, JsonNode value, String error) {

    /** The process number used for nemesis operations (written as {@code "nemesis"}). */
    public static final int NEMESIS = -1;

    public boolean isNemesis() {
        return process == NEMESIS;
    }

    public boolean isInvoke() {
        return type == OpType.INVOKE;
    }

    public boolean isOk() {
        return type == OpType.OK;
    }
}
