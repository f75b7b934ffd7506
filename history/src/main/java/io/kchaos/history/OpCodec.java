package io.kchaos.history;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

import java.io.IOException;
import java.io.StringWriter;

/** Converts one {@link Op} to and from its history.jsonl line (format: docs/format.md). */
public final class OpCodec {
    /** Builds the trees of plain lines without Jackson's reader; anything else goes to the strict reader. */
    private static final ThreadLocal<FastJsonLine> FAST = ThreadLocal.withInitial(FastJsonLine::new);

    private OpCodec() {
    }

    /**
     * Parses one line strictly; throws IllegalArgumentException with a short reason when it is not exactly one valid
     * op: not JSON, text after the object, a key given twice, a limit of {@link LineGrammar} exceeded,
     * {@code index}/{@code time} not a non-negative integer, {@code process} not a non-negative integer or
     * {@code "nemesis"}, an unknown {@code type}, {@code f} not a non-empty string, {@code error} not a string.
     */
    public static Op parse(String line) {
        return fromTree(StrictJsonLine.tree(line));
    }

    /**
     * The op of a plain line (ASCII JSON with nothing between its tokens, as kchaos writes it), or null when the line
     * is not plain or breaks a rule: then {@link #parse(String)} must read it (and name what is wrong). Never throws.
     */
    static Op parsePlain(byte[] line, int offset, int length) {
        return FAST.get().parseOp(line, offset, length);
    }

    private static Op fromTree(JsonNode n) {
        if (n == null || !n.isObject()) throw new IllegalArgumentException("not a JSON object");
        long index = nonNegativeLong("index", n.get("index"));
        long time = nonNegativeLong("time", n.get("time"));
        OpType type = type(n.get("type"));
        String f = f(n.get("f"));
        int process = process(n.get("process"));
        JsonNode value = n.get("value");
        if (value == null) value = NullNode.getInstance();
        return new Op(index, time, process, type, f, value, error(n.get("error")));
    }

    /** Whether {@code field} is one of the op's own fields, which {@link #checkField} judges. */
    static boolean isOpField(String field) {
        return switch (field) {
            case "index", "time", "process", "type", "f", "error" -> true;
            default -> false;
        };
    }

    /** Checks one of the op's own fields by its rule; IllegalArgumentException with the reason when it breaks it. */
    static void checkField(String field, JsonNode v) {
        switch (field) {
            case "index", "time" -> nonNegativeLong(field, v);
            case "process" -> process(v);
            case "type" -> type(v);
            case "f" -> f(v);
            case "error" -> error(v);
            default -> throw new IllegalArgumentException("not an op field: " + field);
        }
    }

    private static long nonNegativeLong(String field, JsonNode v) {
        if (!Json.isInteger(v)) {
            throw new IllegalArgumentException("missing or non-integer \"" + field + "\"" + (v == null ? "" : ": " + v));
        }
        if (v.asLong() < 0) throw new IllegalArgumentException("negative \"" + field + "\": " + v);
        return v.asLong();
    }

    private static int process(JsonNode proc) {
        if (proc != null && proc.isTextual() && proc.asText().equals("nemesis")) return Op.NEMESIS;
        if (Json.isInteger(proc) && proc.canConvertToInt() && proc.asInt() >= 0) return proc.asInt();
        throw new IllegalArgumentException("\"process\" must be a non-negative integer or \"nemesis\", not " + proc);
    }

    private static OpType type(JsonNode typeNode) {
        OpType type = OpType.fromWire(text(typeNode));
        if (type == null) throw new IllegalArgumentException("\"type\" must be invoke, ok, fail or info, not " + typeNode);
        return type;
    }

    private static String f(JsonNode n) {
        String f = text(n);
        if (f == null || f.isEmpty()) throw new IllegalArgumentException("missing or non-string \"f\"");
        return f;
    }

    private static String error(JsonNode error) {
        if (error != null && !error.isNull() && !error.isTextual()) throw new IllegalArgumentException("\"error\" must be a string");
        return error == null || error.isNull() ? null : error.asText();
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
