package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Generated history files with one damaged line, for the differential tests of every history reader: valid ops, then
 * one op whose bytes are damaged (re-encodings, escapes, whitespace, number forms, keys given twice, truncation at any
 * byte, long keys, deep nesting, long numbers, stray bytes, text after the object), shrinkable by jqwik.
 */
public final class DamagedHistoryLines {
    private static final String[] BLANKS = {" ", "\t", "\r", "\u000b", "\u000c", "\u001f", "\u00a0", "\u3000", "\u2028", "\ufeff", "\u0000"};
    private static final String[] CHARSETS = {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "ISO-8859-1", "UTF-8"};
    private static final int[] BYTES = {0x00, 0x09, 0x0a, 0x0d, 0x1f, 0x20, 0x22, 0x2c, 0x3a, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x7f,
        0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xf0, 0xf4, 0xf8, 0xff, '0', '-', '.', 'e', 'n', 't'};
    private static final Pattern INTEGER = Pattern.compile("(?<=[:\\[,])-?\\d+(?=[,}\\]])");
    private static final Pattern KEY = Pattern.compile("(?<=[{,])\"([^\"\\\\]*)\":");

    private DamagedHistoryLines() {
    }

    /** One damage done to a line's bytes, chosen by numbers so that jqwik can shrink it. */
    public record Mutation(int kind, int where, int choice) {
    }

    /** A test case: valid lines before, the damaged op, how its line ends, an optional valid line after, the limit. */
    public record Case(List<Op> before, Op op, List<Mutation> mutations, int ending, boolean after, int limit) {
    }

    /** The whole file of a case: the valid lines, the damaged one with its ending, and the valid line after if asked. */
    public static byte[] file(Case c) {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        for (Op op : c.before()) file.writeBytes((OpCodec.toLine(op) + "\n").getBytes(StandardCharsets.UTF_8));
        file.writeBytes(damagedLine(c));
        file.writeBytes(new byte[][] {{}, {'\n'}, {'\r', '\n'}}[c.ending()]);
        if (c.after()) file.writeBytes(("\n" + OpCodec.toLine(c.op()) + "\n").getBytes(StandardCharsets.UTF_8));
        return file.toByteArray();
    }

    /** The damaged op's line, without its ending. */
    public static byte[] damagedLine(Case c) {
        byte[] line = OpCodec.toLine(c.op()).getBytes(StandardCharsets.UTF_8);
        for (Mutation m : c.mutations()) line = mutate(line, m);
        return line;
    }

    /** Cases: up to two valid ops, a damaged one, its line ending, a valid line after or not, a line limit. */
    public static Arbitrary<Case> cases() {
        return Combinators.combine(ops().list().ofMaxSize(2), ops(), mutations(),
                Arbitraries.integers().between(0, 2), Arbitraries.of(false, true),
                Arbitraries.integers().between(0, 6).map(i -> i < 6 ? 0 : 1 + i % 5)).as(Case::new);
    }

    /** Up to three damages to one line. */
    public static Arbitrary<List<Mutation>> mutations() {
        return Combinators.combine(Arbitraries.integers().between(0, 13), Arbitraries.integers().between(0, 1 << 20),
                Arbitraries.integers().between(0, 1 << 10)).as(Mutation::new).list().ofMaxSize(3);
    }

    /** Short strings with quotes, escapes, non-ASCII and control characters. */
    private static Arbitrary<String> text() {
        return Arbitraries.strings().withChars("ak\u00e9\u20ac\"\\/\n\u0001 ").ofMaxLength(6)
                .injectDuplicates(0.1).edgeCases(e -> e.add("\ud83d\ude00"));
    }

    /** Op values as the history holds them: a send's record, a poll's and a drain's records, a nemesis op's, or null. */
    public static Arbitrary<JsonNode> values() {
        Arbitrary<String> text = text();
        Arbitrary<Long> offsets = Arbitraries.longs().between(-1, Long.MAX_VALUE).edgeCases(e -> e.includeOnly(0L, Long.MAX_VALUE));
        Arbitrary<Integer> partitions = Arbitraries.integers().between(0, Integer.MAX_VALUE);
        Arbitrary<JsonNode> record = Combinators.combine(partitions, offsets, text, Arbitraries.longs()).as((p, o, k, v) -> {
            ObjectNode r = Json.object();
            r.put("partition", p).put("offset", o).put("key", k).put("value", v);
            return (JsonNode) r;
        });
        Arbitrary<JsonNode> send = record;
        Arbitrary<JsonNode> poll = record.list().ofMaxSize(3).map(rs -> {
            ObjectNode v = Json.object();
            ArrayNode a = v.putArray("records");
            rs.forEach(a::add);
            return v;
        });
        Arbitrary<JsonNode> drain = Combinators.combine(poll, partitions, offsets).as((v, p, end) -> {
            ((ObjectNode) v).putObject("end-offsets").put(Integer.toString(p), end);
            return v;
        });
        Arbitrary<JsonNode> nemesis = Combinators.combine(text, Arbitraries.doubles(), Arbitraries.of(true, false)).as((t, d, bool) -> {
            ObjectNode v = Json.object();
            v.putArray("nodes").add(1).add(t).add(bool).addNull();
            v.put("loss-percent", d);
            return v;
        });
        return Arbitraries.oneOf(send, poll, drain, nemesis, Arbitraries.just(NullNode.getInstance()));
    }

    /** Errors: none, or any short text. */
    public static Arbitrary<String> errors() {
        return Arbitraries.oneOf(Arbitraries.just(null), text());
    }

    private static Arbitrary<Op> ops() {
        Arbitrary<Integer> process = Arbitraries.integers().between(-1, Integer.MAX_VALUE).edgeCases(e -> e.includeOnly(-1, 0));
        return Combinators.combine(Arbitraries.longs().between(0, Long.MAX_VALUE), Arbitraries.longs().between(0, Long.MAX_VALUE),
                process, Arbitraries.of(OpType.class), Arbitraries.of("send", "poll", "drain", "kill", "\u00e9"), values(), errors())
                .as(Op::new);
    }

    /** The line with one mutation done to its bytes. */
    public static byte[] mutate(byte[] line, Mutation m) {
        String s = new String(line, StandardCharsets.UTF_8);
        int n = line.length;
        int at = n == 0 ? 0 : m.where() % (n + 1);
        int choice = m.choice();
        switch (m.kind()) {
            case 0: // a re-encoding of the whole line
                return s.getBytes(Charset.forName(CHARSETS[choice % CHARSETS.length]));
            case 1: { // a character written as an escape, or a string character escaped
                int i = at % Math.max(1, s.length());
                if (s.isEmpty()) return line;
                char c = s.charAt(i);
                String escape = choice % 3 == 0 ? "\\/" : String.format("\\u%04x", (int) c);
                return utf8(s.substring(0, i) + escape + s.substring(i + 1));
            }
            case 2: // whitespace, JSON's or another, between or inside tokens
                return insert(line, at, utf8(BLANKS[choice % BLANKS.length]));
            case 3: { // another form of an integer
                List<int[]> spans = spans(INTEGER, s);
                if (spans.isEmpty()) return line;
                int[] sp = spans.get(at % spans.size());
                String d = s.substring(sp[0], sp[1]);
                String[] forms = {d + ".0", d + "e0", d + "E+0", "0" + d, "-" + d, "-0", d + ".5", "9".repeat(19 + choice % 90),
                    "+" + d, d + "0000000000", "1" + "0".repeat(99), "1" + "0".repeat(100), d + ".", d + "e"};
                return utf8(s.substring(0, sp[0]) + forms[choice % forms.length] + s.substring(sp[1]));
            }
            case 4: { // a key given twice
                List<int[]> spans = spans(KEY, s);
                if (spans.isEmpty()) return line;
                int[] sp = spans.get(at % spans.size());
                String field = s.substring(sp[0], sp[1]) + (choice % 2 == 0 ? "0," : "\"x\",");
                return utf8(s.substring(0, sp[0]) + field + s.substring(sp[0]));
            }
            case 5, 12, 13: // truncated at any byte
                return java.util.Arrays.copyOf(line, at);
            case 6: { // a long key, at the limit and past it
                int brace = s.indexOf('{', at % Math.max(1, s.length()));
                if (brace < 0) brace = s.indexOf('{');
                if (brace < 0) return line;
                String key = "k".repeat(LineGrammar.MAX_KEY_CHARS - 1 + choice % 3);
                return utf8(s.substring(0, brace + 1) + "\"" + key + "\":1," + s.substring(brace + 1));
            }
            case 7: { // deep nesting, at the limit and past it
                int brace = s.indexOf('{');
                if (brace < 0) return line;
                int depth = LineGrammar.MAX_DEPTH - 3 + choice % 4;
                String open = choice % 8 < 4 ? "[" : "{\"a\":";
                String close = open.equals("[") ? "]" : "}";
                return utf8(s.substring(0, brace + 1) + "\"deep\":" + open.repeat(depth) + "1" + close.repeat(depth) + ","
                        + s.substring(brace + 1));
            }
            case 8: { // a long number
                int brace = s.indexOf('{');
                if (brace < 0) return line;
                int digits = LineGrammar.MAX_NUMBER_CHARS - 1 + choice % 3;
                String number = choice % 2 == 0 ? "1".repeat(digits) : "1." + "5".repeat(digits - 2);
                return utf8(s.substring(0, brace + 1) + "\"n\":" + number + "," + s.substring(brace + 1));
            }
            case 9: // a stray byte inserted or replacing one
                if (choice % 2 == 0 || n == 0) return insert(line, at, new byte[] {(byte) BYTES[choice / 2 % BYTES.length]});
                byte[] copy = line.clone();
                copy[Math.min(at, n - 1)] = (byte) BYTES[choice / 2 % BYTES.length];
                return copy;
            case 10: // bytes deleted
                if (n == 0) return line;
                int from = Math.min(at, n - 1);
                int to = Math.min(n, from + 1 + choice % 4);
                byte[] out = new byte[n - (to - from)];
                System.arraycopy(line, 0, out, 0, from);
                System.arraycopy(line, to, out, from, n - to);
                return out;
            default: // text after the object: a second op, part of one, or anything
                String[] tails = {s, s.substring(0, Math.min(s.length(), choice % 20)), "x", " ", "\t", "}", "{}", "null"};
                return utf8(s + tails[choice % tails.length]);
        }
    }

    private static List<int[]> spans(Pattern p, String s) {
        List<int[]> out = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) out.add(new int[] {m.start(), m.end()});
        return out;
    }

    private static byte[] insert(byte[] line, int at, byte[] what) {
        byte[] out = new byte[line.length + what.length];
        System.arraycopy(line, 0, out, 0, at);
        System.arraycopy(what, 0, out, at, what.length);
        System.arraycopy(line, at, out, at + what.length, line.length - at);
        return out;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
