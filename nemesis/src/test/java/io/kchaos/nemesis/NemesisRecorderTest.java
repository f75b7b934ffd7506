package io.kchaos.nemesis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    private static List<JsonNode> recordOne(Path dir, Runnable action) throws Exception {
        Path file = dir.resolve("history.jsonl");
        try (HistoryWriter history = new HistoryWriter(file)) {
            try {
                new NemesisRecorder(history).record("pause", NemesisRecorder.nodes(List.of(1)), action);
            } catch (IllegalStateException expected) {
                // the action's own failure is rethrown after its completion is written
            }
        }
        List<JsonNode> out = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(file)) out.add(Json.MAPPER.readTree(line));
        return out;
    }

    @Test
    void anActionThatReturnedIsOkItsEffectHeld(@TempDir Path dir) throws Exception {
        List<JsonNode> ops = recordOne(dir, () -> { });
        assertEquals("ok", ops.get(1).path("type").asText());
        assertFalse(ops.get(1).path("value").has("held"), ops.get(1).toString());
        assertFalse(ops.get(1).has("error") && !ops.get(1).path("error").isNull(), ops.get(1).toString());
    }

    @Test
    void anEffectNotSeenIsInfoWithWhatWasSeenAndTheRunGoesOn(@TempDir Path dir) throws Exception {
        List<JsonNode> ops = recordOne(dir, () -> {
            throw new FaultNotHeld("node 1 paused: not seen within 10000 ms; last seen: 3 of 41 threads stopped");
        });
        JsonNode done = ops.get(1);
        assertEquals("info", done.path("type").asText());
        assertFalse(done.path("value").path("held").asBoolean(true), done.toString());
        assertTrue(done.path("error").asText().startsWith(NemesisRecorder.NOT_HELD_ERROR + "node 1 paused"), done.toString());
        assertTrue(done.path("error").asText().endsWith("3 of 41 threads stopped"), done.toString());
    }

    @Test
    void aFailedActionIsInfoWithItsErrorAndIsRethrown(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("h.jsonl");
        try (HistoryWriter history = new HistoryWriter(file)) {
            NemesisRecorder r = new NemesisRecorder(history);
            assertThrows(IllegalStateException.class, () -> r.record("kill", NemesisRecorder.nodes(List.of(2)), () -> {
                throw new IllegalStateException("no such node");
            }));
        }
        JsonNode done = Json.MAPPER.readTree(Files.readAllLines(file).get(1));
        assertEquals("info", done.path("type").asText());
        assertEquals("IllegalStateException: no such node", done.path("error").asText());
        assertFalse(done.path("value").has("held"), "a failure is not a fault that did not hold: " + done);
    }
}
