package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.ResultsFields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code check} of a run folder's history adds the controller failovers as the run does, from the run.json beside it. */
class CheckFailoverTimesTest {
    private static final String KILL_CONTROLLER =
            "{\"index\":0,\"time\":1000000000,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1}}\n"
            + "{\"index\":1,\"time\":1100000000,\"process\":0,\"type\":\"ok\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1,\"partition\":0,\"offset\":0}}\n"
            + "{\"index\":2,\"time\":2000000000,\"process\":\"nemesis\",\"type\":\"invoke\",\"f\":\"kill\",\"value\":{\"nodes\":[4],\"role\":\"controller\",\"epoch\":3}}\n"
            + "{\"index\":3,\"time\":2200000000,\"process\":\"nemesis\",\"type\":\"ok\",\"f\":\"kill\",\"value\":{\"nodes\":[4],\"role\":\"controller\",\"epoch\":3}}\n";

    private final StringWriter err = new StringWriter();

    private JsonNode check(Path dir) throws Exception {
        Path h = dir.resolve("history.jsonl");
        Files.writeString(h, KILL_CONTROLLER);
        Path out = dir.resolve("checked.json");
        assertEquals(0, Main.execute(new PrintWriter(err, true), "check", h.toString(), "--out", out.toString()), err::toString);
        return Json.MAPPER.readTree(out.toFile()).path(ResultsFields.STATS).path(ResultsFields.Stats.CONTROLLER_FAILOVERS);
    }

    @Test
    void aHistoryBesideARunJsonWithATimelineGetsItsFailovers(@TempDir Path dir) throws Exception {
        ControllerTimeline t = new ControllerTimeline(List.of(new ControllerTimeline.Change(500_000_000L, 4, 3),
                new ControllerTimeline.Change(4_700_000_000L, 5, 4)));
        Files.writeString(dir.resolve("run.json"), Json.object().set(ControllerTimeline.FIELD, t.toJson()).toString());

        JsonNode f = check(dir);
        assertEquals(1, f.path(ResultsFields.ControllerFailovers.COUNT).asInt(), f::toString);
        assertEquals(2.5, f.path(ResultsFields.ControllerFailovers.MAX_S).asDouble());
    }

    @Test
    void aHistoryWithoutATimelineHasNoFailovers(@TempDir Path dir) throws Exception {
        assertTrue(check(dir).isMissingNode());
    }
}
