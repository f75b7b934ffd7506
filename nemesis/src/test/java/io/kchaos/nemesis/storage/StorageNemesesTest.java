package io.kchaos.nemesis.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.cluster.StorageControl;
import io.kchaos.nemesis.cluster.TopicView;
import io.kchaos.nemesis.process.NodeTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** wipe, disk-full and corrupt on a fake one-node cluster: the exact actions, their order, and the ops recorded. */
class StorageNemesesTest {
    /** One node; every action logged; a fill kills the broker when {@code fillKills}. */
    private static class Fake implements ClusterControl, TopicView, StorageControl, PowerControl {
        final List<String> calls = new ArrayList<>();
        List<Integer> nodes = List.of(1);
        List<Integer> isr = List.of(1);
        final Set<Integer> dead = new HashSet<>();
        boolean fillKills;
        boolean hasBatch = true;
        int registeredPollsAfterDeath;

        @Override public List<Integer> nodeIds() { return nodes; }
        @Override public void kill(int node) { calls.add("kill " + node); dead.add(node); }
        @Override public void start(int node) { calls.add("start " + node); dead.remove(node); }
        @Override public void stop(int node) { calls.add("stop " + node); dead.add(node); }
        @Override public void pause(int node) { calls.add("pause " + node); }
        @Override public void resume(int node) { calls.add("resume " + node); }
        @Override public boolean isRunning(int node) { return !dead.contains(node); }
        @Override public boolean isPaused(int node) { return false; }
        @Override public Optional<NetworkControl> network() { return Optional.empty(); }
        @Override public Optional<StorageControl> storage() { return Optional.of(this); }
        @Override public int partitions() { return 1; }
        @Override public Optional<Integer> leader(int partition) { return Optional.of(1); }
        @Override public List<Integer> replicas(int partition) { return nodes; }
        @Override public List<Integer> isr(int partition) { return isr; }
        @Override public Optional<PowerControl> power() { return Optional.of(this); }

        /** A dead node stays registered for {@code registeredPollsAfterDeath} polls, as until the controller fences it. */
        @Override
        public Optional<Set<Integer>> unfencedBrokers() {
            Set<Integer> live = new HashSet<>(nodes);
            if (registeredPollsAfterDeath > 0) registeredPollsAfterDeath--;
            else live.removeAll(dead);
            return Optional.of(live);
        }

        @Override
        public Map<Integer, List<DroppedBytes>> cut(List<Integer> targets, boolean tornWrites, Random random) {
            calls.add("cut " + targets);
            dead.addAll(targets);
            Map<Integer, List<DroppedBytes>> out = new TreeMap<>();
            targets.forEach(n -> out.put(n, List.of(new DroppedBytes("t-0/00000000000000000000.log", 100, 40))));
            return out;
        }

        @Override
        public ObjectNode wipe(int node) {
            calls.add((isRunning(node) ? "wipe RUNNING " : "wipe ") + node);
            return Json.object().put("directory-id", "new");
        }

        @Override
        public ObjectNode fill(int node) {
            calls.add("fill " + node);
            if (fillKills) dead.add(node);
            return Json.object().put("bytes", 7);
        }

        @Override
        public void free(int node) {
            calls.add("free " + node);
        }

        @Override
        public Optional<ObjectNode> corruptSegment(int node, Random random) {
            calls.add((isRunning(node) ? "corrupt RUNNING " : "corrupt ") + node);
            return hasBatch ? Optional.of(Json.object().put("offset", 40)) : Optional.empty();
        }
    }

    private static List<String> completions(Path history) {
        List<String> ops = new ArrayList<>();
        HistoryFile.open(history).forEach((Op op) -> {
            if (op.isNemesis() && !op.isInvoke()) ops.add(op.f() + " " + op.value());
        });
        return ops;
    }

    private static Path subdir(Path dir, String name) {
        assertTrue(dir.resolve(name).toFile().mkdirs());
        return dir.resolve(name);
    }

    private static List<String> run(Fake c, io.kchaos.nemesis.FaultInjector n, Path dir) {
        Path h = dir.resolve("h.jsonl");
        try (HistoryWriter w = new HistoryWriter(h)) {
            Fault f = n.inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1)));
            f.heal();
            f.heal();
        }
        return completions(h);
    }

    @Test
    void wipeKillsThenReplacesTheDataDirectoryThenRestartsOnHeal(@TempDir Path dir) {
        Fake c = new Fake();
        List<String> ops = run(c, new WipeNemesis(NodeTarget.RANDOM), dir);
        assertEquals(List.of("kill 1", "wipe 1", "start 1"), c.calls);
        assertEquals("kill {\"nodes\":[1],\"role\":\"random\"}", ops.get(0));
        assertTrue(ops.get(1).matches("wipe \\{\"nodes\":\\[1],\"fenced-after-s\":[0-9.]+,\"directory-id\":\"new\"}"), ops.get(1));
        assertEquals("start {\"nodes\":[1]}", ops.get(2));
    }

    @Test
    void wipeWaitsUntilTheControllerFencedTheKilledBrokerUnlessToldNotTo(@TempDir Path dir) {
        Fake c = new Fake();
        c.registeredPollsAfterDeath = 3;
        List<String> ops = run(c, new WipeNemesis(NodeTarget.RANDOM), subdir(dir, "a"));
        assertEquals(0, c.registeredPollsAfterDeath, "polled until the broker left the registered set: " + ops);
        double waited = Double.parseDouble(ops.get(1).replaceAll(".*\"fenced-after-s\":([0-9.]+).*", "$1"));
        assertTrue(waited >= 0.5, "three polls 250 ms apart: " + ops.get(1));

        Fake fast = new Fake();
        fast.registeredPollsAfterDeath = 3;
        List<String> quick = run(fast, new WipeNemesis(NodeTarget.RANDOM, false), subdir(dir, "b"));
        assertEquals(3, fast.registeredPollsAfterDeath, "wipe-before-fencing never asks");
        assertEquals("wipe {\"nodes\":[1],\"directory-id\":\"new\"}", quick.get(1));
    }

    @Test
    void aRunEndingWhileTheWipeWaitsForFencingLeavesTheDiskAndRestartsTheNode(@TempDir Path dir) {
        Fake c = new Fake();
        c.registeredPollsAfterDeath = 1000;
        Path h = dir.resolve("h.jsonl");
        try (HistoryWriter w = new HistoryWriter(h)) {
            Thread.currentThread().interrupt(); // the run's end interrupts the schedule thread during the wait
            Fault f = new WipeNemesis(NodeTarget.RANDOM).inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1)));
            f.heal();
        } finally {
            Thread.interrupted();
        }
        List<String> ops = completions(h);
        assertEquals(List.of("kill 1", "start 1"), c.calls, "no wipe: it would leave an empty, unformatted disk");
        assertEquals(List.of("kill {\"nodes\":[1],\"role\":\"random\"}", "start {\"nodes\":[1]}"), ops);
    }

    @Test
    void diskFullFillsFreesAndRestartsTheNodeWhetherOrNotItDiedYet(@TempDir Path dir) {
        Fake alive = new Fake();
        List<String> stillRunning = run(alive, new DiskFullNemesis(), subdir(dir, "a"));
        assertEquals(List.of("fill 1", "free 1", "stop 1", "start 1"), alive.calls, "a broker still halting is stopped, then started");
        assertEquals(List.of("disk-full {\"nodes\":[1],\"bytes\":7}", "free-disk {\"nodes\":[1]}", "stop {\"nodes\":[1]}",
                "start {\"nodes\":[1]}"), stillRunning);
        Fake died = new Fake();
        died.fillKills = true;
        List<String> ops = run(died, new DiskFullNemesis(), dir);
        assertEquals(List.of("fill 1", "free 1", "start 1"), died.calls);
        assertEquals(List.of("disk-full {\"nodes\":[1],\"bytes\":7}", "free-disk {\"nodes\":[1]}", "start {\"nodes\":[1]}"), ops);
    }

    @Test
    void corruptStopsDamagesAndStartsAtOnceAndRecordsASkip(@TempDir Path dir) {
        Fake c = new Fake();
        List<String> ops = run(c, new CorruptSegmentNemesis(), dir);
        assertEquals(List.of("stop 1", "corrupt 1", "start 1"), c.calls);
        assertEquals(List.of("stop {\"nodes\":[1]}", "corrupt-segment {\"nodes\":[1],\"offset\":40}", "start {\"nodes\":[1]}"), ops);
        Fake empty = new Fake();
        empty.hasBatch = false;
        List<String> skipped = run(empty, new CorruptSegmentNemesis(), subdir(dir, "b"));
        assertTrue(skipped.get(1).contains("skipped"), skipped.toString());
        assertEquals(List.of("stop 1", "corrupt 1", "start 1"), empty.calls);
    }

    @Test
    void leaderAndFollowerLosePowerTogetherAndRestartInTheOrderAsked(@TempDir Path dir) {
        Fake c = new Fake();
        c.nodes = List.of(1, 2, 3);
        c.isr = List.of(3, 2, 1);
        NemesisOptions fast = new NemesisOptions(Map.of("restart-gap-seconds", "1"));
        List<String> ops = run(c, new PowerLossPairNemesis(fast), subdir(dir, "a"));
        String cut = c.calls.get(0);
        int follower = Integer.parseInt(cut.replaceAll("\\D+", " ").trim().split(" ")[1]);
        assertEquals(List.of("cut [1, " + follower + "]", "start " + follower, "start 1"), c.calls, "follower first by default");
        assertTrue(ops.get(0).startsWith("power-loss {\"nodes\":[1," + follower + "],\"leader-of\":0,\"leader\":1"), ops.get(0));
        assertTrue(ops.get(0).contains("\"dropped\":{\"1\":{\"files\":1,\"bytes\":60"), ops.get(0));

        Fake d = new Fake();
        d.nodes = List.of(1, 2, 3);
        d.isr = List.of(1, 2, 3);
        run(d, new PowerLossPairNemesis(new NemesisOptions(Map.of("restart-order", "leader-first", "restart-gap-seconds", "1"))), subdir(dir, "b"));
        assertEquals("start 1", d.calls.get(1), "leader first when asked: " + d.calls);

        Fake partial = new Fake();
        partial.nodes = List.of(1, 2, 3);
        partial.isr = List.of(1, 2);
        run(partial, new PowerLossPairNemesis(fast), subdir(dir, "c"));
        assertEquals(List.of(), partial.calls, "no partition with a full ISR: nothing to do");
        String bad = assertThrows(IllegalArgumentException.class,
                () -> new PowerLossPairNemesis(new NemesisOptions(Map.of("restart-order", "sideways")))).getMessage();
        assertTrue(bad.contains("restart-order") && bad.contains("follower-first"), bad);
    }

    @Test
    void aBackendWithoutStorageIsRefusedInOneLine() {
        Fake c = new Fake() {
            @Override
            public Optional<StorageControl> storage() {
                return Optional.empty();
            }
        };
        String e = assertThrows(IllegalStateException.class,
                () -> new WipeNemesis(NodeTarget.RANDOM).inject(new NemesisContext(c, c, null, new Random(1)))).getMessage();
        assertTrue(e.contains("data directories"), e);
        assertEquals(List.of(), c.calls);
    }
}
