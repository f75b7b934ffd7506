package io.kchaos.history;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The strict reading of one history line's JSON, with Jackson's streaming parser: exactly one object, no key twice in
 * one object, and the limits of {@link LineGrammar} (key length, nesting, number length), each refusal with its
 * reason. Jackson's own limits are lifted here so that only these apply, the same on every path.
 */
final class StrictJsonLine {
    private static final JsonFactory TOKENS = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(Integer.MAX_VALUE)
                    .maxNumberLength(Integer.MAX_VALUE).maxNameLength(Integer.MAX_VALUE).maxStringLength(Integer.MAX_VALUE).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private StrictJsonLine() {
    }

    /** The tree of a line that keeps every rule of the JSON grammar; IllegalArgumentException with the reason otherwise. */
    static JsonNode tree(String line) {
        check(line, -1);
        try {
            return Json.MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage());
        }
    }

    /**
     * Checks the JSON of a line; IllegalArgumentException with the reason when it breaks a rule. With
     * {@code wholeUpTo >= 0} the line is a torn line completed by {@link JsonPrefix}, and the op's own fields
     * ({@link OpCodec#checkField}) that end before that offset must keep their rules too.
     */
    static void check(String line, int wholeUpTo) {
        try (JsonParser p = TOKENS.createParser(line)) {
            JsonToken t = p.nextToken();
            if (t != JsonToken.START_OBJECT) throw new IllegalArgumentException(t == null ? "not JSON: no value" : "not a JSON object");
            int depth = 0;
            do {
                switch (t) {
                    case START_OBJECT, START_ARRAY -> {
                        if (++depth > LineGrammar.MAX_DEPTH) {
                            throw new IllegalArgumentException("nested deeper than " + LineGrammar.MAX_DEPTH + " levels");
                        }
                    }
                    case END_OBJECT, END_ARRAY -> depth--;
                    case FIELD_NAME -> {
                        if (p.getTextLength() > LineGrammar.MAX_KEY_CHARS) {
                            throw new IllegalArgumentException("a key longer than " + LineGrammar.MAX_KEY_CHARS + " characters");
                        }
                        if (wholeUpTo >= 0 && depth == 1 && OpCodec.isOpField(p.currentName())) opField(p, wholeUpTo);
                    }
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                        if (p.getTextLength() > LineGrammar.MAX_NUMBER_CHARS) {
                            throw new IllegalArgumentException("a number longer than " + LineGrammar.MAX_NUMBER_CHARS + " characters");
                        }
                    }
                    default -> {
                    }
                }
            } while (depth > 0 && (t = p.nextToken()) != null);
            try {
                if (p.nextToken() != null) throw new IllegalArgumentException("text after the JSON object (one op per line)");
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("text after the JSON object (one op per line)");
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Checks the op field whose name p is on, unless the cut fell before its value or inside its string (a number or
     * literal cut short was completed the one way that keeps it valid, if any); leaves p on the value's last token.
     */
    private static void opField(JsonParser p, int wholeUpTo) throws IOException {
        String name = p.currentName();
        p.nextToken();
        long start = p.currentTokenLocation().getCharOffset();
        JsonNode v = Json.MAPPER.readTree(p);
        boolean cutInside = v.isTextual() && p.currentLocation().getCharOffset() > wholeUpTo;
        if (start < wholeUpTo && !cutInside) OpCodec.checkField(name, v);
    }
}
