package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The fast line parser accepts only what the strict Jackson reader accepts, with the same tree, so every line the
 * strict validation refused is still refused with the same reason: checked on kchaos's own lines and on many
 * corrupted variants of them (a byte inserted, deleted or changed, a key given twice, text after the object).
 */
class FastJsonLineTest {
    private static final List<String> LINES = List.of(
            "{\"index\":0,\"time\":243819148,\"process\":8,\"type\":\"invoke\",\"f\":\"poll\",\"value\":{\"seek\":{\"0\":0,\"1\":0}}}",
            "{\"index\":5,\"time\":251988100,\"process\":3,\"type\":\"ok\",\"f\":\"send\",\"value\":{\"key\":\"k0\",\"value\":0,\"partition\":0,\"offset\":0}}",
            "{\"index\":39,\"time\":252647604,\"process\":9,\"type\":\"ok\",\"f\":\"poll\",\"value\":{\"records\":[{\"partition\":2,\"offset\":0,\"key\":\"k2\",\"value\":2},{\"partition\":2,\"offset\":1,\"key\":\"k8\",\"value\":8}]}}",
            "{\"index\":7,\"time\":9,\"process\":\"nemesis\",\"type\":\"info\",\"f\":\"kill\",\"value\":[\"n1\",null,true,false,-1,3000000000],\"error\":\"x\"}",
            "{\"index\":8,\"time\":10,\"process\":1,\"type\":\"fail\",\"f\":\"send\",\"value\":{\"value\":-12,\"big\":-9223372036854775},\"error\":\"org.Foo: bar\"}",
            "{\"index\":9,\"time\":11,\"process\":2,\"type\":\"ok\",\"f\":\"drain\",\"value\":{\"records\":[],\"end-offsets\":{\"0\":12},\"e\":{}}}",
            "{\"value\":{\"a\":1},\"f\":\"x\",\"type\":\"info\",\"process\":\"nemesis\",\"time\":3,\"index\":2,\"error\":null,\"extra\":[1]}");

    private static final String ALPHABET = "{}[]\":,0123456789-+.eE \t\\abcnrtuflsx\u0001";

    @Test
    void kchaosLinesTakeTheFastPathWithTheStrictReadersTree() throws Exception {
        FastJsonLine fast = new FastJsonLine();
        for (String line : LINES) {
            byte[] b = line.getBytes(StandardCharsets.US_ASCII);
            JsonNode tree = fast.parse(b, 0, b.length);
            assertNotNull(tree, line);
            assertSameTree(StrictJsonLine.tree(line), tree, line);
            assertEquals(OpCodec.parse(line), viaReader(b), line);
            assertEquals(OpCodec.parse(line), fast.parseOp(b, 0, b.length), "the op read without a tree: " + line);
        }
    }

    @Test
    void everyCorruptedLineGetsTheStrictReadersVerdict() {
        FastJsonLine fast = new FastJsonLine();
        Random random = new Random(14);
        int variants = 0;
        for (String line : LINES) {
            for (String bad : corruptions(line, random)) {
                sameVerdict(fast, bad);
                variants++;
            }
        }
        assertEquals(true, variants > 5000, "variants: " + variants);
    }

    @Test
    void whatTheStrictValidationRefusesIsStillRefused() {
        FastJsonLine fast = new FastJsonLine();
        String ok = LINES.get(1);
        List<String> refused = List.of(
                ok.replace("\"type\":\"ok\"", "\"type\":\"ok\",\"type\":\"fail\""),   // a key given twice
                ok.replace("\"key\":\"k0\"", "\"key\":\"k0\",\"key\":\"k1\""),      // twice, nested
                ok + ok,                                                             // text after the object
                ok + "x",
                ok.replace("\"index\":5", "\"index\":-5"),                           // bad index
                ok.replace("\"index\":5", "\"index\":5.0"),
                ok.replace("\"index\":5", "\"index\":05"),
                ok.replace("\"index\":5", "\"index\":\"5\""),
                ok.replace("\"index\":5", "\"index\":99999999999999999999999"),
                ok.replace("\"time\":251988100", "\"time\":-1"),
                ok.replace("\"process\":3", "\"process\":-3"),
                ok.replace("\"type\":\"ok\"", "\"type\":\"done\""),
                ok.replace("\"f\":\"send\"", "\"f\":\"\""),
                ok.replace("\"f\":\"send\"", "\"f\":3"),
                ok.replace("}}", "}"),
                ok.substring(0, ok.length() - 5),
                "[" + ok + "]",
                ok.replace("\"k0\"", "\"k\u0001\""));
        for (String bad : refused) {
            byte[] b = bad.getBytes(StandardCharsets.ISO_8859_1);
            String strict = verdict(() -> OpCodec.parse(bad));
            if (!strict.startsWith("refused")) fail("the strict reader accepts " + bad);
            assertEquals(strict, verdict(() -> viaReader(b)), bad);
            sameVerdict(fast, bad);
        }
    }

    private static List<String> corruptions(String line, Random random) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i <= line.length(); i++) {
            if (i < line.length()) out.add(line.substring(0, i) + line.substring(i + 1));
            for (int k = 0; k < 3; k++) {
                char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
                out.add(line.substring(0, i) + c + line.substring(i));
                if (i < line.length()) out.add(line.substring(0, i) + c + line.substring(i + 1));
            }
        }
        out.add(line + line);
        out.add(line + " ");
        out.add(" " + line);
        return out;
    }

    /** The fast parser either leaves the line to the strict reader or builds exactly its tree; the op verdicts match. */
    private static void sameVerdict(FastJsonLine fast, String line) {
        byte[] b = line.getBytes(StandardCharsets.ISO_8859_1);
        JsonNode tree = fast.parse(b, 0, b.length);
        String strict = verdict(() -> OpCodec.parse(line));
        if (tree != null) {
            JsonNode expected;
            try {
                expected = StrictJsonLine.tree(line);
            } catch (Exception e) {
                fail("fast path accepted what the strict reader refuses (" + e.getMessage() + "): " + line);
                return;
            }
            assertSameTree(expected, tree, line);
        }
        assertEquals(strict, verdict(() -> viaReader(b)), line);
        Op direct = fast.parseOp(b, 0, b.length);
        if (direct != null) assertEquals(strict, "accepted " + direct, "the op read without a tree: " + line);
    }

    private static void assertSameTree(JsonNode expected, JsonNode actual, String line) {
        assertEquals(expected, actual, line);
        assertEquals(actual, expected, line);
        assertEquals(expected.toString(), actual.toString(), line);
        assertEquals(types(expected), types(actual), line);
    }

    /** The node classes of a tree, depth first, so an IntNode never stands where the strict reader made a LongNode. */
    private static String types(JsonNode n) {
        StringBuilder s = new StringBuilder(n.getClass().getSimpleName());
        if (n.isContainerNode()) {
            s.append('(');
            n.elements().forEachRemaining(c -> s.append(types(c)).append(' '));
            n.fieldNames().forEachRemaining(k -> s.append(k).append(' '));
            s.append(')');
        }
        return s.toString();
    }

    /** What the history reader makes of the line: the fast op when there is one, else the strict reading. */
    private static Op viaReader(byte[] b) {
        Op plain = OpCodec.parsePlain(b, 0, b.length);
        return plain != null ? plain : LineGrammar.read(b, 0, b.length, LineGrammar.MAX_LINE_CHARS);
    }

    private static String verdict(java.util.function.Supplier<Op> parse) {
        try {
            return "accepted " + parse.get();
        } catch (IllegalArgumentException e) {
            return "refused: " + e.getMessage();
        }
    }
}
