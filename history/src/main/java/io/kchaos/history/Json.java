package io.kchaos.history;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one shared Jackson mapper of kchaos, and small helpers to build JSON values. */
public final class Json {
    /** Compact mapper for history lines. */
    public static final ObjectMapper MAPPER = new ObjectMapper();
    /** Indenting writer for results.json, run.json and the like. */
    /**
     * Strict reader of one history line: a key given twice in one object, or anything after the JSON value, is an
     * error (the format's rule: exactly one op per line).
     */
    public static final ObjectReader STRICT = MAPPER.reader()
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    public static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }
}
