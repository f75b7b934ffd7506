package io.kchaos.history;

import java.util.Locale;

/** The four kinds of history line: an invocation and its three possible completions (ok, fail = definitely not, info = unknown). */
public enum OpType {
    INVOKE, OK, FAIL, INFO;

    /** The name as written in history.jsonl. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses the history.jsonl name; returns null for anything else. */
    public static OpType fromWire(String s) {
        if (s == null) return null;
        switch (s) {
            case "invoke": return INVOKE;
            case "ok": return OK;
            case "fail": return FAIL;
            case "info": return INFO;
            default: return null;
        }
    }

    /** True for ok, fail and info. */
    public boolean isCompletion() {
        return this != INVOKE;
    }
}
