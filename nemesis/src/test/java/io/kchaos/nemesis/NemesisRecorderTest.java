package io.kchaos.nemesis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class NemesisRecorderTest {
    @Test
    void theInvokeKeepsTheValueAsItWasBeforeTheActionFilledItIn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("history.jsonl");
        ObjectNode value = NemesisRecorder.nodes(List.of(2));
        try (HistoryWriter history = new HistoryWriter(file)) {
            // the writer thread encodes later: without a copy, the invoke line would show what the action added
            new NemesisRecorder(history).record("power-loss", value, () -> value.putObject("dropped").put("bytes", 4096));
            value.put("changed-after", true);
        }
        List<String> lines = Files.readAllLines(file);
        JsonNode invoke = Json.MAPPER.readTree(lines.get(0)).path("value");
        JsonNode info = Json.MAPPER.readTree(lines.get(1)).path("value");
        assertEquals("{\"nodes\":[2]}", invoke.toString());
        assertEquals(4096, info.path("dropped").path("bytes").asInt());
        assertFalse(info.has("changed-after"), info.toString());
    }
}
