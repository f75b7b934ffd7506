package io.kchaos.report.scan;

import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.nio.charset.StandardCharsets;

/**
 * Reads the five leading fields of a history line written in the harness's field order
 * ({@code {"index":…,"time":…,"process":…,"type":"…","f":"…",} ...}) straight from its bytes, without a JSON parser.
 * Anything else — another order, escapes, non-ASCII, odd numbers — makes {@link #read} answer false, and the caller
 * parses the line in full.
 */
final class LineHeader {
    private static final int ALL = 31;
    private static final byte[][] KEYS = {bytes("index"), bytes("time"), bytes("process"), bytes("type"), bytes("f")};
    private static final byte[][] TYPES = {bytes("invoke"), bytes("ok"), bytes("fail"), bytes("info")};
    private static final OpType[] TYPE_VALUES = {OpType.INVOKE, OpType.OK, OpType.FAIL, OpType.INFO};
    private static final String[] COMMON_F = {"send", "poll", "drain"};
    private static final byte[][] COMMON_F_BYTES = {bytes("send"), bytes("poll"), bytes("drain")};
    private static final byte[] NEMESIS = bytes("nemesis");
    private static final int MAX_LONG_DIGITS = 18;

    long index;
    long time;
    int process;
    OpType type;
    String f;
    /** Where the rest of the line (after the five fields) starts. */
    int after;

    private byte[] b;
    private int i;
    private int end;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Fills the fields from the line; false when the line is not in the expected shape. */
    boolean read(byte[] line, int off, int len) {
        b = line;
        i = off;
        end = off + len;
        if (!skipTo('{')) return false;
        int seen = 0;
        while (seen != ALL) {
            if (!skipTo('"')) return false;
            int ks = i;
            if (!skipString()) return false;
            int key = which(KEYS, ks, i - 1);
            if (key < 0 || (seen & 1 << key) != 0 || !skipTo(':')) return false;
            skipSpace();
            if (!value(key)) return false;
            seen |= 1 << key;
            skipSpace();
            if (i >= end || b[i] != ',' && b[i] != '}') return false;
            i++;
        }
        after = i;
        return true;
    }

    private boolean value(int key) {
        switch (key) {
            case 0: index = number(); return index >= 0;
            case 1: time = number(); return time >= 0;
            case 2: return process();
            case 3: {
                int s = stringStart();
                int t = s < 0 ? -1 : which(TYPES, s, i - 1);
                if (t < 0) return false;
                type = TYPE_VALUES[t];
                return true;
            }
            default: {
                int s = stringStart();
                if (s < 0) return false;
                int k = which(COMMON_F_BYTES, s, i - 1);
                f = k >= 0 ? COMMON_F[k] : new String(b, s, i - 1 - s, StandardCharsets.US_ASCII);
                return true;
            }
        }
    }

    private boolean process() {
        if (i < end && b[i] == '"') {
            int s = stringStart();
            if (s < 0 || !equal(NEMESIS, s, i - 1)) return false;
            process = Op.NEMESIS;
            return true;
        }
        long p = number();
        if (p < 0 || p > Integer.MAX_VALUE) return false;
        process = (int) p;
        return true;
    }

    /** A non-negative integer of at most 18 digits, or -1. */
    private long number() {
        int s = i;
        long v = 0;
        while (i < end && b[i] >= '0' && b[i] <= '9') v = v * 10 + (b[i++] - '0');
        int digits = i - s;
        return digits == 0 || digits > MAX_LONG_DIGITS ? -1 : v;
    }

    /** At an opening quote: moves past the closing one and returns the first content byte's position, or -1. */
    private int stringStart() {
        if (i >= end || b[i] != '"') return -1;
        i++;
        int s = i;
        return skipString() ? s : -1;
    }

    /** Inside a string: moves past its closing quote; false on an escape, a non-ASCII byte or the end of the line. */
    private boolean skipString() {
        while (i < end) {
            byte c = b[i++];
            if (c == '"') return true;
            if (c == '\\' || c < 0x20) return false;
        }
        return false;
    }

    private boolean skipTo(char c) {
        skipSpace();
        if (i >= end || b[i] != c) return false;
        i++;
        return true;
    }

    private void skipSpace() {
        while (i < end && (b[i] == ' ' || b[i] == '\t')) i++;
    }

    private int which(byte[][] options, int from, int to) {
        for (int k = 0; k < options.length; k++) {
            if (equal(options[k], from, to)) return k;
        }
        return -1;
    }

    private boolean equal(byte[] word, int from, int to) {
        if (to - from != word.length) return false;
        for (int k = 0; k < word.length; k++) {
            if (b[from + k] != word[k]) return false;
        }
        return true;
    }
}
