package io.kchaos.history;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

import java.io.IOException;
import java.io.StringWriter;

/** Converts one {@link Op} to and from its history.jsonl line (format: docs/format.md). */
public final class OpCodec {
    private OpCodec() {
    }

    /** Parses one line; throws IllegalArgumentException with a short reason when it is not a valid op. */
    public static Op parse(String line) {
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) throw new IllegalArgumentException("not a JSON object");
        JsonNode index = n.get("index");
        JsonNode time = n.get("time");
        JsonNode proc = n.get("process");
        OpType type = OpType.fromWire(text(n.get("type")));
        String f = text(n.get("f"));
        if (index == null || !index.canConvertToLong()) throw new IllegalArgumentException("missing or non-integer \"index\"");
        if (time == null || !time.canConvertToLong()) throw new IllegalArgumentException("missing or non-integer \"time\"");
        if (type == null) throw new IllegalArgumentException("\"type\" must be invoke, ok, fail or info");
        if (f == null) throw new IllegalArgumentException("missing \"f\"");
        int process;
        if (proc != null && proc.isTextual() && proc.asText().equals("nemesis")) {
            process = Op.NEMESIS;
        } else if (proc != null && proc.canConvertToInt() && proc.asInt() >= 0) {
            process = proc.asInt();
        } else {
            throw new IllegalArgumentException("\"process\" must be a non-negative integer or \"nemesis\"");
        }
        JsonNode value = n.get("value");
        if (value == null) value = NullNode.getInstance();
        JsonNode error = n.get("error");
        return new Op(index.asLong(), time.asLong(), process, type, f, value,
                error == null || error.isNull() ? null : error.asText());
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
