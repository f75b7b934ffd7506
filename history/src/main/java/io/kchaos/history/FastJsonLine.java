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
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds the JSON tree of one ASCII history line straight from its bytes, for the plain JSON kchaos writes: objects,
 * arrays, strings without escapes, integers of at most 18 digits, true, false, null, nothing between the tokens,
 * keys and nesting within {@link LineGrammar}'s limits. It returns null for anything else (whitespace, an escape, a
 * fraction, a key given twice, text after the object, ...), and the caller then reads the line the strict way
 * ({@link LineGrammar#read}), which accepts or refuses it: this class only accepts lines that reading accepts, and
 * builds the same tree (equal nodes of the same types). Objects are held in a {@link SmallFieldMap}; object keys and
 * short repeated texts are shared between lines ({@link SharedStrings}). Any byte above 0x7F makes a line not plain.
 * One instance per thread.
 */
final class FastJsonLine {
    /** Objects with more fields than this find a key given twice with a hash set, not by comparing with each field. */
    private static final int FEW_FIELDS = 8;
    private static final int MAX_DIGITS = 18;

    private final SharedStrings strings = new SharedStrings();
    /** The fields of the objects being built, innermost last: their cache slots, keys and values. */
    private int[] fieldSlots = new int[64];
    private String[] fieldKeys = new String[64];
    private JsonNode[] fieldValues = new JsonNode[64];
    private int fieldTop;
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

    /** What is read from one line: null, or NotPlain, when the strict reader must judge it. */
    @FunctionalInterface
    private interface LineReader<T> {
        T read() throws NotPlain;
    }

    private final LineReader<ObjectNode> treeReader = this::wholeObject;
    private final LineReader<Op> opReader = this::opObject;

    /** The tree of the object on bytes [offset, offset+length), or null when the strict reader must judge the line. */
    ObjectNode parse(byte[] line, int offset, int length) {
        return read(line, offset, length, treeReader);
    }

    /**
     * The op of a plain line, read without a tree of the line itself (only its value gets one), or null when the line
     * is not plain or breaks any rule of {@link OpCodec}: the caller then parses it the strict way, which accepts it
     * with the same op or names what is wrong.
     */
    Op parseOp(byte[] line, int offset, int length) {
        return read(line, offset, length, opReader);
    }

    private <T> T read(byte[] line, int offset, int length, LineReader<T> reader) {
        b = line;
        pos = offset;
        end = offset + length;
        fieldTop = 0;
        try {
            return reader.read();
        } catch (NotPlain e) {
            return null;
        } finally {
            b = null;
            java.util.Arrays.fill(fieldValues, 0, fieldTop, null);
        }
    }

    private ObjectNode wholeObject() throws NotPlain {
        if (pos >= end || b[pos] != '{') return null;
        ObjectNode n = object(0);
        return pos == end ? n : null;
    }

    private Op opObject() throws NotPlain {
        if (pos >= end || b[pos] != '{') return null;
        pos++;
        long index = -1;
        long time = -1;
        int process = -2;
        OpType type = null;
        String f = null;
        JsonNode value = NullNode.getInstance();
        String error = null;
        if (pos < end && b[pos] == '}') return null;
        Set<String> keys = null;
        while (true) {
            if (pos >= end || b[pos] != '"') throw NotPlain.INSTANCE;
            int slot = cached();
            String key = strings.string(slot);
            if (pos >= end || b[pos++] != ':') throw NotPlain.INSTANCE;
            keys = unique(0, slot, key, keys);
            push(slot, key, null);
            switch (key) {
                case "index" -> index = integer();
                case "time" -> time = integer();
                case "process" -> process = process();
                case "type" -> type = OpType.fromWire(sharedString());
                case "f" -> f = sharedString();
                case "value" -> value = value(0, false);
                case "error" -> error = stringOrNull();
                default -> value(0, strings.keySharesText(slot));
            }
            if (pos >= end) throw NotPlain.INSTANCE;
            byte c = b[pos++];
            if (c == '}') break;
            if (c != ',') throw NotPlain.INSTANCE;
        }
        if (pos != end || index < 0 || time < 0 || process < -1 || type == null || f == null || f.isEmpty()) return null;
        return new Op(index, time, process, type, f, value, error);
    }

    /** The process at pos: a non-negative int, {@link Op#NEMESIS} for "nemesis", or -2 for any other number or string. */
    private int process() throws NotPlain {
        if (pos < end && b[pos] == '"') return "nemesis".equals(sharedString()) ? Op.NEMESIS : -2;
        long v = integer();
        return v >= 0 && v <= Integer.MAX_VALUE ? (int) v : -2;
    }

    /** The string at pos, shared between lines (for short, repeated texts); NotPlain when pos holds no string. */
    private String sharedString() throws NotPlain {
        if (pos >= end || b[pos] != '"') throw NotPlain.INSTANCE;
        return strings.string(cached());
    }

    /** The string or the null at pos; NotPlain for anything else. */
    private String stringOrNull() throws NotPlain {
        if (pos < end && b[pos] == '"') return string();
        literal("null");
        return null;
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
        if (depth >= LineGrammar.MAX_DEPTH) throw NotPlain.INSTANCE; // depth counts from 0, levels from 1
        pos++; // '{'
        int base = fieldTop;
        Set<String> keys = null;
        if (pos < end && b[pos] == '}') {
            pos++;
            return new ObjectNode(JsonNodeFactory.instance, new SmallFieldMap());
        }
        while (true) {
            if (pos >= end || b[pos] != '"') throw NotPlain.INSTANCE;
            int slot = cached();
            String key = strings.string(slot);
            if (pos >= end || b[pos++] != ':') throw NotPlain.INSTANCE;
            JsonNode v = value(depth, strings.keySharesText(slot));
            keys = unique(base, slot, key, keys); // a key given twice: the strict reader names it
            push(slot, key, v);
            if (pos >= end) throw NotPlain.INSTANCE;
            byte c = b[pos++];
            if (c == '}') {
                int n = fieldTop - base;
                SmallFieldMap fields = new SmallFieldMap(java.util.Arrays.copyOfRange(fieldKeys, base, fieldTop),
                        java.util.Arrays.copyOfRange(fieldValues, base, fieldTop), n);
                java.util.Arrays.fill(fieldValues, base, fieldTop, null);
                fieldTop = base;
                return new ObjectNode(JsonNodeFactory.instance, fields);
            }
            if (c != ',') throw NotPlain.INSTANCE;
        }
    }

    /**
     * Throws NotPlain when the key (in cache slot {@code slot}) is among the object's fields stacked from {@code from}
     * on. A few fields are compared one by one; past {@link #FEW_FIELDS} the object's keys go into a hash set, so a
     * line of many fields is read in linear time. Returns that set, or null while there is none.
     */
    private Set<String> unique(int from, int slot, String key, Set<String> keys) throws NotPlain {
        if (keys != null) {
            if (!keys.add(key)) throw NotPlain.INSTANCE;
            return keys;
        }
        for (int i = from; i < fieldTop; i++) { // equal keys hash to one slot, so other slots hold other keys
            if (fieldSlots[i] == slot && fieldKeys[i].equals(key)) throw NotPlain.INSTANCE;
        }
        if (fieldTop - from < FEW_FIELDS) return null;
        Set<String> all = new HashSet<>();
        for (int i = from; i < fieldTop; i++) all.add(fieldKeys[i]);
        all.add(key);
        return all;
    }

    private void push(int slot, String key, JsonNode value) {
        if (fieldTop == fieldSlots.length) {
            int n = fieldTop * 2;
            fieldSlots = java.util.Arrays.copyOf(fieldSlots, n);
            fieldKeys = java.util.Arrays.copyOf(fieldKeys, n);
            fieldValues = java.util.Arrays.copyOf(fieldValues, n);
        }
        fieldSlots[fieldTop] = slot;
        fieldKeys[fieldTop] = key;
        fieldValues[fieldTop++] = value;
    }

    private ArrayNode array(int depth) throws NotPlain {
        if (depth >= LineGrammar.MAX_DEPTH) throw NotPlain.INSTANCE;
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
        long v = integer();
        return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? IntNode.valueOf((int) v) : LongNode.valueOf(v);
    }

    /** The plain integer at pos (at most 18 digits, no leading zero, no fraction or exponent, not -0); moves past it. */
    private long integer() throws NotPlain {
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
        return v;
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
        return strings.text(cached());
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
        if (len > LineGrammar.MAX_KEY_CHARS) throw NotPlain.INSTANCE; // a key that long: the strict reader refuses it
        int slot = strings.slot(b, from, len, h);
        pos = close;
        return slot;
    }
}
