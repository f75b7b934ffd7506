package io.kchaos.report.scan;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.history.Op;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SkimmingHistoryFileTest {
    @TempDir
    Path dir;

    private static final String LINES = String.join("\n",
            "{\"index\":0,\"time\":10,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k\",\"value\":1}}",
            "{\"index\":1,\"time\":20,\"process\":\"nemesis\",\"type\":\"invoke\",\"f\":\"kill\",\"value\":{\"nodes\":[2]}}",
            "  ",
            "{\"time\":30,\"f\":\"send\",\"value\":{\"key\":\"k\\\"q\",\"value\":1,\"partition\":0,\"offset\":0},\"index\":2,\"type\":\"ok\",\"process\":0}",
            "{\"index\":3,\"time\":35,\"process\":1,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k\",\"value\":2}}",
            "{\"index\" : 4, \"time\" : 40, \"process\" : 1, \"error\" : \"x\", \"type\" : \"fail\", \"f\" : \"send\", \"value\" : null}",
            "{\"index\":5,\"time\":45,\"process\":2,\"type\":\"invoke\",\"f\":\"poll\",\"value\":null}",
            "{\"index\":6,\"time\":50,\"process\":2,\"type\":\"ok\",\"f\":\"poll\",\"value\":{\"records\":[],\"n\u00f6te\":\"\u00e9\"}}",
            "{\"index\":7,\"time\":55,\"process\":2,\"type\":\"invoke\",\"f\":\"poll\",\"value\":null}",
            "{\"index\":8,\"time\":60,\"process\":2,\"type\":\"ok\",\"f\":\"poll\",\"value\":{\"records\":[{\"partition\":0}]}}\r",
            "{\"index\":9,\"time\":70,\"process\":\"nemesis\",\"type\":\"info\",\"f\":\"kill\",\"value\":{\"nodes\":[2]}}") + "\n";

    private static String key(Op op) {
        return op.index() + "/" + op.time() + "/" + op.process() + "/" + op.type() + "/" + op.f();
    }

    @Test
    void readsTheSameOpsAsHistoryFileWhateverTheFieldOrder() throws IOException {
        Path file = Files.writeString(dir.resolve("h.jsonl"), LINES);
        List<String> expected = new ArrayList<>();
        new HistoryFile(file).forEach(op -> expected.add(key(op)));
        List<Op> skimmed = new ArrayList<>();
        new SkimmingHistoryFile(file, i -> i == 8, new ReadProgress()).forEach(skimmed::add);
        assertEquals(expected, skimmed.stream().map(SkimmingHistoryFileTest::key).toList());
        assertTrue(skimmed.get(0).value().isNull(), "a client op's value is skipped");
        assertEquals("{\"nodes\":[2]}", skimmed.get(1).value().toString(), "a nemesis op's value is read");
        assertEquals("x", skimmed.get(4).error(), "a line in another layout is parsed whole");
        assertEquals(1, skimmed.get(8).value().path("records").size(), "a wanted line is parsed whole");
    }

    @Test
    void aTornLastLineIsAWarningAndABadMiddleLineAnError() throws IOException {
        Path torn = Files.writeString(dir.resolve("torn.jsonl"), LINES + "{\"index\":10,\"time\":80,\"pro");
        SkimmingHistoryFile h = new SkimmingHistoryFile(torn, i -> false, new ReadProgress());
        List<Op> ops = new ArrayList<>();
        h.forEach(ops::add);
        assertEquals(10, ops.size());
        assertEquals(List.of("line 12 is truncated (the history ends mid-line); ignored"), h.warnings());

        Path bad = Files.writeString(dir.resolve("bad.jsonl"), "{\"index\":0,\"time\":1,\"process\":0}\n" + LINES);
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> new SkimmingHistoryFile(bad, i -> false, new ReadProgress()).forEach(op -> { }));
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
    }
}
