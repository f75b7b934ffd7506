package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.Op;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Five brokers under the planned operations and a leader kill, in turn, for 100 s: the queue stays VALID (acks=all),
 * and each operation really happened, read back from the cluster by its own op: a reassignment's new replica set, a
 * preferred election's leader back on the first replica (and {@code elected} naming just the partitions whose leader
 * moved: 0 on a balanced cluster), the topic's new partitions, a topic config set and
 * restored, a drained broker stopped and its replicas returned, a throttled reassignment cancelled.
 */
@Tag("cluster")
class OperationsRunTest {

    @Test
    void plannedOperationsBesideLeaderKillsKeepTheQueueValidAndEachIsReadBack(@TempDir Path store) throws Exception {
        int exit = Main.execute("run", "--nodes", "5", "--nemesis",
                "reassign,elect-leaders,kill-leader,alter-config,reassign-cancel,drain-broker,add-partitions", "--time-limit", "120",
                "--nemesis-option", "fault-count=7", // the run ends after the cycle; 120 s is only the bound
                // one cycle of the seven: with 4 s between faults and 4 s each it ended 77.5 s in on an idle machine (a 100 s
                // limit); with 2 s and 3 s, 59.6 s in (2026-12-07), so 80 s leaves 20 s for the two restarts' waits under load
                "--nemesis-interval", "2", "--fault-duration", "3", "--nemesis-option", "fault-order=cycle", "--seed", "41",
                "--producer-config", RunHistories.ONE_IN_FLIGHT, "--store", store.toString());
        RunHistories h = new RunHistories(store);
        h.assertValid(exit);
        List<String> ops = List.of("reassign", "elect-leaders", "alter-config", "restore-config", "throttled-reassign",
                "cancel-reassignment", "drain-broker", "stop", "start", "add-partitions");
        for (String f : ops) assertTrue(h.nemesis(f) >= 1, f + " completed ok at least once: " + h.counts);
        assertEquals(List.of(), h.nemesisNotOk(ops.toArray(String[]::new)), "every operation held: " + h.nemesisCompletions);

        for (Op op : h.nemesisCompletions) {
            JsonNode v = op.value();
            switch (op.f()) {
                case "reassign", "drain-broker" -> v.path("to").properties().forEach(e ->
                        assertEquals(e.getValue(), v.path("replicas-after").path(e.getKey()), "the new set read back: " + op));
                case "elect-leaders" -> assertElectedReadBack(op);
                case "cancel-reassignment" -> assertTrue(v.path("cancelled").asBoolean(), "cancelled, the old set back: " + op);
                case "add-partitions" -> assertTrue(v.path("to").asInt() > v.path("from").asInt(), op.toString());
                default -> { }
            }
        }
        JsonNode grown = h.results.path("stats").path("topic-partitions");
        assertTrue(grown.path("at-end").asInt() > grown.path("at-start").asInt() && grown.path("acknowledged-on-added").asLong() > 0,
                "the queue wrote to the partitions added mid-run: " + grown);
        System.out.println("MEASURED operations " + h.counts + " " + grown);
    }

    /**
     * An election's {@code elected} names exactly the partitions Kafka elected whose leader, read back, changed: none
     * when every partition already had its preferred leader (a balanced cluster records {@code elected: 0}).
     */
    private static void assertElectedReadBack(Op op) {
        JsonNode v = op.value();
        List<String> moved = new ArrayList<>();
        v.path("results").properties().forEach(e -> {
            JsonNode before = v.path("leaders-before").path(e.getKey());
            JsonNode after = v.path("leaders-after").path(e.getKey());
            if (e.getValue().asText().equals("ok") && after.isInt() && !after.equals(before)) moved.add(e.getKey());
        });
        List<String> named = new ArrayList<>();
        v.path("elected-partitions").forEach(p -> named.add(p.asText()));
        assertEquals(moved, named, "the partitions whose leader moved, read back: " + op);
        assertEquals(moved.size(), v.path("elected").asInt(-1), "elected counts them (0: nothing moved): " + op);
    }
}
