package io.kchaos.nemesis;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Op;
import io.kchaos.nemesis.cluster.NodeReturnView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A {@code start} is {@code ok} only once every started node reads back in service; all are launched before any is awaited. */
class NodeStartTest {
    /** A view whose nodes are back after {@code observations} observations each (never, when absent); logs to the cluster. */
    private static NodeReturnView view(FakeCluster cluster, Map<Integer, Integer> observations, Duration bound) {
        return new NodeReturnView() {
            @Override
            public Duration bound() {
                return bound;
            }

            @Override
            public Probe beforeStart(int node) {
                cluster.calls.add("before " + node);
                AtomicInteger seen = new AtomicInteger();
                return () -> {
                    cluster.calls.add("observe " + node);
                    int n = seen.incrementAndGet();
                    Integer needed = observations.get(node);
                    return new Presence(needed != null && n >= needed, "node " + node + " observed " + n + " times");
                };
            }
        };
    }

    private static List<Op> record(FakeCluster cluster, NodeReturnView view, List<Integer> nodes, Path dir) {
        Path file = dir.resolve("history.jsonl");
        nodes.forEach(cluster::kill);
        try (HistoryWriter w = new HistoryWriter(file)) {
            NemesisRecorder recorder = new NemesisRecorder(w);
            NodeStart.record(new NemesisContext(cluster, cluster, recorder, new Random(1), cluster, cluster, cluster, view), nodes);
        }
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(file).forEach(ops::add);
        return ops;
    }

    @Test
    void everyNodeIsLaunchedBeforeAnyIsAwaitedAndTheStartIsOkOnceAllAreBack(@TempDir Path dir) {
        FakeCluster cluster = FakeCluster.full();
        List<Op> ops = record(cluster, view(cluster, Map.of(1, 3, 2, 1), Duration.ofSeconds(10)), List.of(1, 2), dir);
        List<String> calls = cluster.calls.subList(2, cluster.calls.size()); // after the two kills
        assertEquals(List.of("before 1", "before 2", "start 1", "start 2", "observe 1", "observe 1", "observe 1", "observe 2"), calls);
        assertEquals("ok", ops.get(1).type().wire(), ops.toString());
        assertEquals("start", ops.get(1).f());
    }

    @Test
    void aNodeWhoseProcessExitedIsNotAwaitedFurther(@TempDir Path dir) {
        FakeCluster cluster = FakeCluster.full();
        NodeReturnView view = new NodeReturnView() {
            @Override
            public Duration bound() {
                return Duration.ofSeconds(30);
            }

            @Override
            public Probe beforeStart(int node) {
                return () -> {
                    cluster.calls.add("observe " + node);
                    cluster.kill(node); // it halts at start-up
                    return new Presence(false, "node " + node + " does not answer");
                };
            }
        };
        List<Op> ops = record(cluster, view, List.of(3), dir);
        assertEquals(1, cluster.calls.stream().filter(c -> c.startsWith("observe")).count(), "not awaited further: " + cluster.calls);
        assertEquals("info", ops.get(1).type().wire(), ops.toString());
        assertTrue(ops.get(1).error().contains("node 3 back in service: its process exited; last seen: node 3 does not answer"), ops.get(1).error());
    }

    @Test
    void aNodeNotBackWithinTheBoundMakesTheStartInfoWithWhatWasSeen(@TempDir Path dir) {
        FakeCluster cluster = FakeCluster.full();
        List<Op> ops = record(cluster, view(cluster, Map.of(1, 1), Duration.ofMillis(300)), List.of(1, 2), dir);
        Op done = ops.get(1);
        assertEquals("info", done.type().wire(), ops.toString());
        assertFalse(done.value().path("held").asBoolean(true), done.toString());
        assertTrue(done.error().contains("node 2 back in service") && done.error().contains("node 2 observed"), done.error());
        assertFalse(done.error().contains("node 1 back"), "node 1 was back: " + done.error());
        assertTrue(cluster.isRunning(2), "the process was launched all the same");
    }
}
