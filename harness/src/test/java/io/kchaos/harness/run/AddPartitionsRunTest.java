package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Op;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real 3-node cluster whose topic the {@code add-partitions} nemesis grows from 3 to 5 partitions early in a 30 s
 * run of the group workload (its feed producers and its members): the producers write to the new partitions, the
 * members and the final drain read them, the verdict stays valid and the results count them; the nemesis's op reads
 * the new count back. The workload is {@code group}, or the one {@code -Dkchaos.grow.workload} names ({@code queue}
 * runs under add-partitions in {@code OperationsRunTest}).
 */
@Tag("cluster")
class AddPartitionsRunTest {
    @TempDir
    static Path store;
    static int exit;
    static RunHistories run;
    static final Map<Integer, Integer> acked = new HashMap<>();
    static final Map<Integer, Integer> read = new HashMap<>();

    @BeforeAll
    static void runOnce() throws Exception {
        exit = Main.execute("run", "--workload", System.getProperty("kchaos.grow.workload", "group"), "--time-limit", "30",
                "--nemesis", "add-partitions", "--nemesis-option", "fault-count=1", "--nemesis-option", "add-partitions-count=2", "--nemesis-option", "add-partitions-max=5",
                "--nemesis-interval", "8", "--fault-duration", "2", "--partitions", "3", "--seed", "38", "--producer-config", RunHistories.ONE_IN_FLIGHT, "--store", store.toString());
        run = new RunHistories(store);
        HistoryFile.open(run.dir.resolve("history.jsonl")).forEach(AddPartitionsRunTest::tally);
    }

    private static void tally(Op op) {
        if (op.isNemesis() || !op.isOk() || op.value() == null) return;
        if ("send".equals(op.f())) acked.merge(op.value().path("partition").asInt(), 1, Integer::sum);
        for (JsonNode r : op.value().path("records")) read.merge(r.path("partition").asInt(), 1, Integer::sum);
    }

    @Test
    void partitionsAddedMidRunAreWrittenReadAndJudged() {
        run.assertValid(exit);
        assertEquals(1, run.nemesis("add-partitions"), "one expansion, held: " + run.nemesisCompletions);
        Op grow = run.nemesisCompletions.stream().filter(o -> o.f().equals("add-partitions")).findFirst().orElseThrow();
        assertEquals(3, grow.value().path("from").asInt(), grow.toString());
        assertEquals(5, grow.value().path("to").asInt(), grow.toString());
        for (int p : new int[]{3, 4}) {
            assertTrue(acked.getOrDefault(p, 0) > 0, "acknowledged sends on added partition " + p + ": " + acked);
            assertTrue(read.getOrDefault(p, 0) > 0, "records read on added partition " + p + ": " + read);
        }
        JsonNode g = run.results.path("stats").path("topic-partitions");
        assertEquals(3, g.path("at-start").asInt(), "the count at the start: " + g);
        assertEquals(5, g.path("at-end").asInt(), "the count at the end: " + g);
        assertEquals(acked.get(3) + acked.get(4), g.path("acknowledged-on-added").asLong(), "acked on 3 and 4: " + g);
        assertTrue(g.path("read-on-added").asLong() >= acked.get(3) + acked.get(4), "every acked write on 3 and 4 read: " + g);
        assertEquals(0, run.results.path("stats").path("unseen").asLong(-1), "nothing unseen: " + run.results);
        Set<Integer> drained = new HashSet<>();
        run.results.path("stats").path("partitions-drained").forEach(p -> drained.add(p.asInt()));
        assertEquals(Set.of(0, 1, 2, 3, 4), drained, "the drain read every partition, the added ones too");
    }
}
