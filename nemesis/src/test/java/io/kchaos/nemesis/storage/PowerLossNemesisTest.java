package io.kchaos.nemesis.storage;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Op;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** power-loss and power-loss-all on a fake cluster: targets, the recorded drop, the heal, and option checking. */
class PowerLossNemesisTest {

    /** Three nodes with power control and no partitions; {@code down} are already dead, and no call is logged yet. */
    private static FakeCluster powered(int... down) {
        FakeCluster c = new FakeCluster(3, List.of()).withStorage();
        for (int n : down) c.kill(n);
        c.calls.clear();
        return c;
    }

    private static List<JsonNode> nemesisCompletions(Path history) {
        List<JsonNode> out = new ArrayList<>();
        HistoryFile.open(history).forEach((Op op) -> {
            if (op.isNemesis() && !op.isInvoke()) out.add(((com.fasterxml.jackson.databind.node.ObjectNode) op.value().deepCopy()).put("f", op.f()));
        });
        return out;
    }

    @Test
    void powerLossAllCutsEveryNodeRecordsTheDropAndRestartsThemAll(@TempDir Path dir) {
        FakeCluster c = powered(2);
        Path h = dir.resolve("h.jsonl");
        try (HistoryWriter w = new HistoryWriter(h)) {
            Fault f = PowerLossNemesis.allNodes(NemesisOptions.none()).inject(new NemesisContext(c, null, new NemesisRecorder(w), new Random(1)));
            f.heal();
            f.heal();
        }
        assertEquals(List.of("cut [1, 2, 3]", "start 1", "start 2", "start 3"), c.calls, "a node already down loses power too");
        List<JsonNode> ops = nemesisCompletions(h);
        assertEquals("power-loss", ops.get(0).path("f").asText());
        assertEquals(903, ops.get(0).path("dropped").path("3").path("bytes").asLong());
        assertEquals(1, ops.get(0).path("dropped").path("1").path("files").asInt());
        assertEquals("[1001,100]", ops.get(0).path("dropped").path("1").path("truncated").path("t-0/00000000000000000000.log").toString());
        assertEquals("start", ops.get(1).path("f").asText());
        assertEquals(2, ops.size(), "healed once");
    }

    @Test
    void powerLossCutsTheConfiguredNumberOfRunningNodesWithTornWrites(@TempDir Path dir) {
        FakeCluster c = powered(1);
        NemesisOptions two = new NemesisOptions(Map.of("power-loss-nodes", "2", "torn-writes", "true"));
        try (HistoryWriter w = new HistoryWriter(dir.resolve("h.jsonl"))) {
            PowerLossNemesis.someNodes(two).inject(new NemesisContext(c, null, new NemesisRecorder(w), new Random(1)));
        }
        assertEquals(List.of("cut [2, 3] torn"), c.calls);
    }

    @Test
    void optionsAreChecked() {
        String unknown = assertThrows(IllegalArgumentException.class, () -> new NemesisOptions(Map.of("torn-write", "true"))).getMessage();
        assertTrue(unknown.contains("torn-write") && unknown.contains("torn-writes"), unknown);
        NemesisOptions bad = new NemesisOptions(Map.of("power-loss-nodes", "0", "torn-writes", "yes"));
        assertThrows(IllegalArgumentException.class, () -> PowerLossNemesis.someNodes(bad));
        assertThrows(IllegalArgumentException.class, () -> bad.flag("torn-writes"));
    }
}
