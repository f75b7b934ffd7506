package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The optional role of a nemesis op: written, read back through a history file, and read from histories written before it. */
class FaultRoleTest {
    @Test
    void rolesRoundTripThroughAHistoryFile(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("h.jsonl");
        try (HistoryWriter h = new HistoryWriter(file)) {
            h.invoke(Op.NEMESIS, "pause", FaultRole.followers(Json.object(), 2));
            h.invoke(Op.NEMESIS, "kill", FaultRole.leader(Json.object(), 1));
            h.invoke(Op.NEMESIS, "power-loss", FaultRole.plain(Json.object(), FaultRole.ALL));
            h.invoke(Op.NEMESIS, "kill", FaultRole.plain(Json.object(), FaultRole.COORDINATOR)
                    .set("coordinator-of", Json.object().put("transactional-id", "t0")));
        }
        List<FaultRole> roles = new ArrayList<>();
        HistoryFile.open(file).forEach(op -> roles.add(FaultRole.of(op.value()).orElseThrow()));
        assertEquals(new FaultRole(FaultRole.FOLLOWERS, 2, null), roles.get(0));
        assertEquals(new FaultRole(FaultRole.LEADER, 1, null), roles.get(1));
        assertEquals("every node", roles.get(2).describe());
        assertEquals("the coordinator of {\"transactional-id\":\"t0\"}", roles.get(3).describe());
        assertTrue(Files.readString(file).contains("\"role\":\"leader\",\"leader-of\":1"), "the wire form docs/format.md gives");
    }

    @Test
    void historiesWrittenBeforeRolesReadLeaderOfAsTheLeaderAndNothingElse() throws Exception {
        assertEquals(Optional.of(new FaultRole(FaultRole.LEADER, 0, null)), FaultRole.of(read("{\"nodes\": [3], \"leader-of\": 0}")));
        assertEquals(Optional.empty(), FaultRole.of(read("{\"nodes\": [2, 3]}")));
        assertEquals(Optional.empty(), FaultRole.of(null));
        assertEquals(new FaultRole(FaultRole.LEADER, 1, null), FaultRole.of(read("{\"role\": \"leader\", \"partition\": 1}")).orElseThrow(),
                "the proxy faults' form");
        assertEquals("role elsewhere", FaultRole.of(read("{\"role\": \"elsewhere\"}")).orElseThrow().describe(), "a later writer's role is kept");
    }

    private static JsonNode read(String json) throws Exception {
        return Json.MAPPER.readTree(new StringReader(json));
    }
}
