package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one shared Jackson mapper of kchaos, and small helpers to build JSON values. */
public final class Json {
    /** Compact mapper for history lines. */
    public static final ObjectMapper MAPPER = new ObjectMapper();
    /** Indenting writer for results.json, run.json and the like. */
    public static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {
    }

    /**
     * Whether v is an integer that fits in a long, as every integer field of the format must be: written without a
     * fraction or an exponent ({@code 8.0} and {@code 8e0} are not integers), in range. Every integer read from an op
     * goes through here.
     */
    public static boolean isInteger(JsonNode v) {
        return v != null && v.isIntegralNumber() && v.canConvertToLong();
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }
}
