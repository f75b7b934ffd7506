package io.kchaos.history;

import com.fasterxml.jackson.databind.node.TextNode;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The strings {@link FastJsonLine} shares between lines: a small hash-slotted cache of object keys (interned, so lookups
 * by a literal match by identity) and of the short texts of {@code type}, {@code f}, {@code process} and {@code topic}.
 * A slot holds the last string that hashed to it. One instance per thread.
 */
final class SharedStrings {
    private static final int SLOTS = 256;

    private final byte[][] bytes = new byte[SLOTS][];
    private final String[] strings = new String[SLOTS];
    private final TextNode[] texts = new TextNode[SLOTS];
    private final boolean[] keySharesText = new boolean[SLOTS];

    /** The slot of the {@code len} bytes of {@code line} from {@code from}, whose hash is {@code h}; filled on a miss. */
    int slot(byte[] line, int from, int len, int h) {
        int slot = (h ^ (h >>> 16)) & (SLOTS - 1);
        byte[] held = bytes[slot];
        if (held == null || !sameBytes(held, line, from, len)) {
            bytes[slot] = Arrays.copyOfRange(line, from, from + len);
            strings[slot] = new String(line, from, len, StandardCharsets.ISO_8859_1).intern();
            texts[slot] = null;
            keySharesText[slot] = sharesText(strings[slot]);
        }
        return slot;
    }

    /** The (interned) string in the slot. */
    String string(int slot) {
        return strings[slot];
    }

    /** The string in the slot as a text node, made once per string. */
    TextNode text(int slot) {
        TextNode t = texts[slot];
        if (t == null) {
            t = TextNode.valueOf(strings[slot]);
            texts[slot] = t;
        }
        return t;
    }

    /** Whether the value of the key in the slot is a short, repeated text worth sharing too. */
    boolean keySharesText(int slot) {
        return keySharesText[slot];
    }

    /** Whether {@code held} equals the {@code len} bytes of the line from {@code from} (a plain loop: the strings are short). */
    private static boolean sameBytes(byte[] held, byte[] line, int from, int len) {
        if (held.length != len) return false;
        for (int i = 0; i < len; i++) {
            if (held[i] != line[from + i]) return false;
        }
        return true;
    }

    private static boolean sharesText(String key) {
        return "type".equals(key) || "f".equals(key) || "process".equals(key) || "topic".equals(key);
    }
}
