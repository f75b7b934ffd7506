package io.kchaos.history;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistoryWriterTest {
    @Test
    void aDrainWeighsItsRecordsAndASendWeighsOne() {
        ObjectNode drain = Json.MAPPER.createObjectNode();
        ArrayNode records = drain.putArray("records");
        for (int i = 0; i < 10_000; i++) records.addObject().put("partition", 0).put("offset", i).put("value", i);
        assertEquals(10_001, HistoryWriter.weight(drain));
        assertEquals(1, HistoryWriter.weight(Json.MAPPER.createObjectNode().put("partition", 0).put("value", 7)));
        assertEquals(1, HistoryWriter.weight(Json.MAPPER.getNodeFactory().numberNode(7)));
    }

    @Test
    void opsHeavierThanTheWholeBudgetStillAllReachTheFileInOrder(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("history.jsonl");
        int drains = 5;
        try (HistoryWriter w = new HistoryWriter(file)) {
            for (int d = 0; d < drains; d++) {
                ObjectNode v = Json.MAPPER.createObjectNode();
                ArrayNode records = v.putArray("records");
                for (int i = 0; i < HistoryWriter.MAX_PENDING + 1; i++) records.add(i);
                w.invoke(0, ClientOps.DRAIN, null);
                w.complete(0, OpType.OK, ClientOps.DRAIN, v, null); // over budget alone: the next append waits for the writer
            }
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(2 * drains, lines.size());
        for (int i = 0; i < lines.size(); i++) assertTrue(lines.get(i).startsWith("{\"index\":" + i + ","), lines.get(i).substring(0, 40));
    }
}
