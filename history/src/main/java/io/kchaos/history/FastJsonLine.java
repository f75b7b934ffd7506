package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the JSON tree of one ASCII history line straight from its bytes, for the plain JSON kchaos writes: objects,
 * arrays, strings without escapes, integers of at most 18 digits, true, false, null, nothing between the tokens. It
 * returns null for anything else (whitespace, an escape, a fraction, a key given twice, text after the object, ...),
 * and the caller then parses the line with the strict Jackson reader, which accepts or refuses it as before: this
 * class only accepts lines that reader accepts, and builds the same tree (equal nodes of the same types). Objects are
 * held in a {@link SmallFieldMap}; object keys and the short texts of {@code type}, {@code f}, {@code process} and
 * {@code topic} are shared between lines. One instance per thread.
 */
final class FastJsonLine {
    private static final int MAX_DEPTH = 64;
    private static final int MAX_DIGITS = 18;
    private static final int CACHE_SLOTS = 256;

    private final byte[][] cachedBytes = new byte[CACHE_SLOTS][];
    private final String[] cachedKeys = new String[CACHE_SLOTS];
    private final TextNode[] cachedTexts = new TextNode[CACHE_SLOTS];
    private final boolean[] keySharesText = new boolean[CACHE_SLOTS];
    private byte[] b;
    private int pos;
    private int end;

    /** Signals a line this class leaves to the strict reader. */
    private static final class NotPlain extends Exception {
        private static final long serialVersionUID = 1L;
        static final NotPlain INSTANCE = new NotPlain();

        private NotPlain() {
            super(null, null, false, false);
        }
    }

    /** The tree of the object on bytes [offset, offset+length), or null when the strict reader must judge the line. */
    ObjectNode parse(byte[] line, int offset, int length) {
        b = line;
        pos = offset;
        end = offset + length;
        try {
            if (pos >= end || b[pos] != '{') return null;
            ObjectNode n = object(0);
            return pos == end ? n : null;
        } catch (NotPlain e) {
            return null;
        } finally {
            b = null;
        }
    }

    private JsonNode value(int depth, boolean shared) throws NotPlain {
        if (pos >= end) throw NotPlain.INSTANCE;
        byte c = b[pos];
        switch (c) {
            case '{':
                return object(depth + 1);
            case '[':
                return array(depth + 1);
            case '"':
                return shared ? sharedText() : TextNode.valueOf(string());
            case 't':
                literal("true");
                return BooleanNode.TRUE;
            case 'f':
                literal("false");
                return BooleanNode.FALSE;
            case 'n':
                literal("null");
                return NullNode.getInstance();
            default:
                return number();
        }
    }

    private ObjectNode object(int depth) throws NotPlain {
        if (depth > MAX_DEPTH) throw NotPlain.INSTANCE;
        pos++; // '{'
        SmallFieldMap fields = new SmallFieldMap();
        if (pos < end && b[pos] == '}') {
            pos++;
            return new ObjectNode(JsonNodeFactory.instance, fields);
        }
        while (true) {
            if (pos >= end || b[pos] != '"') throw NotPlain.INSTANCE;
            int slot = cached();
            String key = cachedKeys[slot];
            if (pos >= end || b[pos++] != ':') throw NotPlain.INSTANCE;
            JsonNode v = value(depth, keySharesText[slot]);
            if (!fields.addNew(key, v)) throw NotPlain.INSTANCE; // a key given twice: the strict reader names it
            if (pos >= end) throw NotPlain.INSTANCE;
            byte c = b[pos++];
            if (c == '}') return new ObjectNode(JsonNodeFactory.instance, fields);
            if (c != ',') throw NotPlain.INSTANCE;
        }
    }

    private static boolean sharesText(String key) {
        return "type".equals(key) || "f".equals(key) || "process".equals(key) || "topic".equals(key);
    }

    private ArrayNode array(int depth) throws NotPlain {
        if (depth > MAX_DEPTH) throw NotPlain.INSTANCE;
        pos++; // '['
        List<JsonNode> items = new ArrayList<>();
        if (pos < end && b[pos] == ']') {
            pos++;
            return new ArrayNode(JsonNodeFactory.instance, items);
        }
        while (true) {
            items.add(value(depth, false));
            if (pos >= end) throw NotPlain.INSTANCE;
            byte c = b[pos++];
            if (c == ']') return new ArrayNode(JsonNodeFactory.instance, items);
            if (c != ',') throw NotPlain.INSTANCE;
        }
    }

    private void literal(String word) throws NotPlain {
        int n = word.length();
        if (end - pos < n) throw NotPlain.INSTANCE;
        for (int i = 0; i < n; i++) {
            if (b[pos + i] != word.charAt(i)) throw NotPlain.INSTANCE;
        }
        pos += n;
        if (pos < end && isTokenChar(b[pos])) throw NotPlain.INSTANCE;
    }

    private static boolean isTokenChar(byte c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '-' || c == '+' || c == '_';
    }

    private JsonNode number() throws NotPlain {
        boolean negative = pos < end && b[pos] == '-';
        if (negative) pos++;
        int digitsFrom = pos;
        long v = 0;
        while (pos < end && b[pos] >= '0' && b[pos] <= '9') {
            v = v * 10 + (b[pos] - '0');
            pos++;
        }
        int digits = pos - digitsFrom;
        if (digits == 0 || digits > MAX_DIGITS) throw NotPlain.INSTANCE;
        if (digits > 1 && b[digitsFrom] == '0') throw NotPlain.INSTANCE; // leading zeros: the strict reader refuses them
        if (pos < end && isTokenChar(b[pos])) throw NotPlain.INSTANCE; // a fraction, an exponent, ...
        if (negative) {
            if (v == 0) throw NotPlain.INSTANCE; // -0: left to the strict reader
            v = -v;
        }
        return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? IntNode.valueOf((int) v) : LongNode.valueOf(v);
    }

    /** The end of the string starting at pos (a quote), past the closing quote; NotPlain on an escape or control character. */
    private int stringEnd() throws NotPlain {
        int i = pos + 1;
        while (i < end) {
            byte c = b[i];
            if (c == '"') return i + 1;
            if (c == '\\' || c < 0x20) throw NotPlain.INSTANCE;
            i++;
        }
        throw NotPlain.INSTANCE;
    }

    private String string() throws NotPlain {
        int close = stringEnd();
        String s = new String(b, pos + 1, close - pos - 2, StandardCharsets.ISO_8859_1);
        pos = close;
        return s;
    }

    private TextNode sharedText() throws NotPlain {
        int slot = cached();
        TextNode t = cachedTexts[slot];
        if (t == null) {
            t = TextNode.valueOf(cachedKeys[slot]);
            cachedTexts[slot] = t;
        }
        return t;
    }

    /** The cache slot holding the string at pos (filled on a miss); moves pos past it. */
    private int cached() throws NotPlain {
        int from = pos + 1;
        int h = 0;
        int i = from;
        while (true) {
            if (i >= end) throw NotPlain.INSTANCE;
            byte c = b[i];
            if (c == '"') break;
            if (c == '\\' || c < 0x20) throw NotPlain.INSTANCE;
            h = 31 * h + c;
            i++;
        }
        int close = i + 1;
        int len = i - from;
        int slot = (h ^ (h >>> 16)) & (CACHE_SLOTS - 1);
        byte[] held = cachedBytes[slot];
        if (held == null || !java.util.Arrays.equals(held, 0, held.length, b, from, from + len)) {
            cachedBytes[slot] = java.util.Arrays.copyOfRange(b, from, from + len);
            cachedKeys[slot] = new String(b, from, len, StandardCharsets.ISO_8859_1);
            cachedTexts[slot] = null;
            keySharesText[slot] = sharesText(cachedKeys[slot]);
        }
        pos = close;
        return slot;
    }
}
