package io.kchaos.report.scan;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;

import java.util.Arrays;

/**
 * Finds the {@code (partition, offset)} pairs in a client op's value (its top-level {@code value} member; other
 * members are ignored, as the history's reader ignores unknown fields): every JSON object that has an integer
 * {@code partition} and an integer {@code offset} (an acknowledged send's value, each record of a poll or drain). Reads
 * them straight from a line's bytes without building a tree, or from a parsed value.
 */
final class ValueOffsets {
    /** Receives one pair. */
    interface Sink {
        void pair(int partition, long offset);
    }

    private static final int MAX_DEPTH = 16;
    private static final int NONE = 0;
    private static final int PARTITION = 1;
    private static final int OFFSET = 2;
    private static final int VALUE = 3;
    private static final byte[] PARTITION_KEY = {'p', 'a', 'r', 't', 'i', 't', 'i', 'o', 'n'};
    private static final byte[] OFFSET_KEY = {'o', 'f', 'f', 's', 'e', 't'};
    private static final byte[] VALUE_KEY = {'v', 'a', 'l', 'u', 'e'};

    private final boolean[] isObject = new boolean[MAX_DEPTH];
    private final long[] partition = new long[MAX_DEPTH];
    private final long[] offset = new long[MAX_DEPTH];
    private long[] found = new long[64];
    private int pairs;
    private byte[] b;
    private int i;
    private int end;
    private boolean escaped;

    /**
     * Scans the rest of a line, from inside its outer object to the end of it, and hands every pair to {@code sink};
     * false (and nothing handed over) when the bytes are not the JSON this scanner expects, or when a key is written with
     * an escape (the caller then parses the line, which decodes it).
     */
    boolean scan(byte[] line, int from, int to, Sink sink) {
        b = line;
        i = from;
        end = to;
        pairs = 0;
        if (!walk()) return false;
        for (int k = 0; k < pairs; k++) sink.pair((int) found[2 * k], found[2 * k + 1]);
        return true;
    }

    private boolean walk() {
        int depth = 0;
        open(depth, true);
        int key = NONE;
        boolean inValue = false; // inside the op's own "value" member: the only place the parsed path looks
        while (i < end) {
            byte c = b[i];
            if (c == '"') {
                int s = ++i;
                if (!skipString()) return false;
                int e = i - 1;
                skipSpace();
                if (i < end && b[i] == ':' && isObject[depth]) {
                    if (escaped) return false; // a key with a backslash escape is compared only once decoded
                    i++;
                    key = depth == 0 ? (equal(VALUE_KEY, s, e) ? VALUE : NONE)
                            : equal(PARTITION_KEY, s, e) ? PARTITION : equal(OFFSET_KEY, s, e) ? OFFSET : NONE;
                } else {
                    key = NONE;
                }
                continue;
            }
            if (c == '{' || c == '[') {
                if (depth == 0) inValue = key == VALUE;
                if (++depth == MAX_DEPTH) return false;
                open(depth, c == '{');
                key = NONE;
                i++;
            } else if (c == '}' || c == ']') {
                if (c == '}' && inValue && partition[depth] >= 0 && offset[depth] >= 0) add(partition[depth], offset[depth]);
                i++;
                if (--depth < 0) return true;
                key = NONE;
            } else if (c == '-' || c >= '0' && c <= '9') {
                long v = number();
                if (v == Long.MIN_VALUE) return false;
                if (key == PARTITION && v <= Integer.MAX_VALUE) partition[depth] = v;
                else if (key == OFFSET) offset[depth] = v;
                key = NONE;
            } else {
                i++;
            }
        }
        return false;
    }

    private void open(int depth, boolean object) {
        isObject[depth] = object;
        partition[depth] = -1;
        offset[depth] = -1;
    }

    private void add(long p, long o) {
        if (2 * pairs + 2 > found.length) found = Arrays.copyOf(found, found.length * 2);
        found[2 * pairs] = p;
        found[2 * pairs + 1] = o;
        pairs++;
    }

    /**
     * A number; its value when it is an integer that fits a long (as the parsed path's {@code canConvertToLong}), -1
     * for any other number (a fraction, an exponent, an integer beyond a long), Long.MIN_VALUE when there is none.
     */
    private long number() {
        int s = i;
        boolean negative = i < end && b[i] == '-';
        if (negative) i++;
        long v = 0;
        boolean integer = true;
        int digits = 0;
        while (i < end) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                int d = c - '0';
                if (v > (Long.MAX_VALUE - d) / 10) integer = false; // beyond a long (Long.MIN_VALUE itself is no pair either)
                else v = v * 10 + d;
                digits++;
            } else if (c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
                integer = false;
            } else {
                break;
            }
            i++;
        }
        if (i == s) return Long.MIN_VALUE;
        if (!integer || digits == 0) return -1;
        return negative ? (v == 0 ? 0 : -1) : v;
    }

    /** Skips a string's bytes up to its closing quote; {@link #escaped} says whether it had a backslash escape. */
    private boolean skipString() {
        escaped = false;
        while (i < end) {
            byte c = b[i++];
            if (c == '"') return true;
            if (c == '\\') {
                escaped = true;
                i++;
            }
        }
        return false;
    }

    private void skipSpace() {
        while (i < end && (b[i] == ' ' || b[i] == '\t')) i++;
    }

    private boolean equal(byte[] word, int from, int to) {
        if (to - from != word.length) return false;
        for (int k = 0; k < word.length; k++) {
            if (b[from + k] != word[k]) return false;
        }
        return true;
    }

    /** The same pairs from a parsed value. */
    static void of(JsonNode value, Sink sink) {
        if (value.isArray()) {
            for (JsonNode n : value) of(n, sink);
            return;
        }
        if (!value.isObject()) return;
        JsonNode p = value.get("partition");
        JsonNode o = value.get("offset");
        if (Json.isInteger(p) && p.canConvertToInt() && p.asInt() >= 0 && Json.isInteger(o) && o.asLong() >= 0) {
            sink.pair(p.asInt(), o.asLong());
        }
        for (JsonNode n : value) {
            if (n.isContainerNode()) of(n, sink);
        }
    }
}
