package io.kchaos.history;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Converts one {@link Op} to and from its history.jsonl line (format: docs/format.md). */
public final class OpCodec {
    /** Builds the trees of plain lines without Jackson's reader; anything else goes to the strict reader. */
    private static final ThreadLocal<FastJsonLine> FAST = ThreadLocal.withInitial(FastJsonLine::new);

    private OpCodec() {
    }

    /**
     * Parses one line strictly; throws IllegalArgumentException with a short reason when it is not exactly one valid
     * op: not JSON, text after the object, a key given twice, {@code index}/{@code time} not a non-negative integer,
     * {@code process} not a non-negative integer or {@code "nemesis"}, an unknown {@code type}, {@code f} not a
     * non-empty string, {@code error} not a string.
     */
    public static Op parse(String line) {
        JsonNode n;
        try {
            n = Json.STRICT.readTree(line);
        } catch (JsonProcessingException e) {
            String why = e.getOriginalMessage();
            if (why != null && why.startsWith("Trailing token")) throw new IllegalArgumentException("text after the JSON object (one op per line)");
            throw new IllegalArgumentException("not JSON: " + why);
        }
        return fromTree(n);
    }

    /**
     * {@link #parse(String)} of a line given as ASCII bytes (every byte below 0x80), without making a String of it:
     * the same rules and, for a line that is not JSON, the same reason.
     */
    public static Op parseAscii(byte[] line, int offset, int length) {
        JsonNode n = FAST.get().parse(line, offset, length);
        if (n != null) return fromTree(n);
        try {
            n = Json.STRICT.readTree(line, offset, length);
        } catch (IOException e) {
            return parse(new String(line, offset, length, StandardCharsets.ISO_8859_1));
        }
        return fromTree(n);
    }

    /**
     * The op of a plain line (ASCII JSON with nothing between its tokens, as kchaos writes it), or null when the line
     * is not plain or breaks a rule: then {@link #parseAscii} or {@link #parse(String)} must read it (and name what is
     * wrong). Never throws.
     */
    static Op parsePlain(byte[] line, int offset, int length) {
        return FAST.get().parseOp(line, offset, length);
    }

    private static Op fromTree(JsonNode n) {
        if (n == null || !n.isObject()) throw new IllegalArgumentException("not a JSON object");
        long index = nonNegativeLong(n, "index");
        long time = nonNegativeLong(n, "time");
        JsonNode typeNode = n.get("type");
        OpType type = OpType.fromWire(text(typeNode));
        if (type == null) throw new IllegalArgumentException("\"type\" must be invoke, ok, fail or info, not " + typeNode);
        String f = text(n.get("f"));
        if (f == null || f.isEmpty()) throw new IllegalArgumentException("missing or non-string \"f\"");
        int process = process(n.get("process"));
        JsonNode value = n.get("value");
        if (value == null) value = NullNode.getInstance();
        JsonNode error = n.get("error");
        if (error != null && !error.isNull() && !error.isTextual()) throw new IllegalArgumentException("\"error\" must be a string");
        return new Op(index, time, process, type, f, value, error == null || error.isNull() ? null : error.asText());
    }

    private static long nonNegativeLong(JsonNode op, String field) {
        JsonNode v = op.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException("missing or non-integer \"" + field + "\"" + (v == null ? "" : ": " + v));
        }
        if (v.asLong() < 0) throw new IllegalArgumentException("negative \"" + field + "\": " + v);
        return v.asLong();
    }

    private static int process(JsonNode proc) {
        if (proc != null && proc.isTextual() && proc.asText().equals("nemesis")) return Op.NEMESIS;
        if (proc != null && proc.isIntegralNumber() && proc.canConvertToInt() && proc.asInt() >= 0) return proc.asInt();
        throw new IllegalArgumentException("\"process\" must be a non-negative integer or \"nemesis\", not " + proc);
    }

    private static String text(JsonNode n) {
        return n != null && n.isTextual() ? n.asText() : null;
    }

    /** Writes the op as one JSON line (without the newline). */
    public static void write(Op op, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeNumberField("index", op.index());
        g.writeNumberField("time", op.time());
        if (op.isNemesis()) g.writeStringField("process", "nemesis");
        else g.writeNumberField("process", op.process());
        g.writeStringField("type", op.type().wire());
        g.writeStringField("f", op.f());
        g.writeFieldName("value");
        Json.MAPPER.writeTree(g, op.value());
        if (op.error() != null) g.writeStringField("error", op.error());
        g.writeEndObject();
    }

    /** The op as one JSON line. */
    public static String toLine(Op op) {
        try (StringWriter w = new StringWriter(); JsonGenerator g = Json.MAPPER.getFactory().createGenerator(w)) {
            write(op, g);
            g.flush();
            return w.toString();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
