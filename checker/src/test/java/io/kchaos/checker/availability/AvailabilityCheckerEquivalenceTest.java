package io.kchaos.checker.availability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The availability checker, which sweeps acknowledged sends without keeping them, gives byte for byte the results of
 * {@link ReferenceAvailabilityChecker}, which kept every time, on thousands of random histories: faults of every shape
 * (held, not held, failed, never completed, healed or not, one-off actions), partitions with no ack or odd values,
 * ties, long gaps, and completions written out of time order, a little or far (which needs a second read).
 */
class AvailabilityCheckerEquivalenceTest {
    private static final String[][] FAULTS = {
            {"kill", "start"}, {"pause", "resume"}, {"partition", "heal"}, {"slow", "heal-network"}, {"isolate", "rejoin"},
            {"upgrade-node", null}, {"rolling-upgrade", null}, {"finalize-features", null}};
    private static final OpType[] DONE = {OpType.OK, OpType.OK, OpType.OK, OpType.FAIL, OpType.INFO};

    private record Timed(long time, int process, OpType type, String f, JsonNode value, String error) {
    }

    @Test
    void sameJsonAsTheReferenceOnRandomHistories() {
        int compared = 0;
        int far = 0;
        for (int seed = 0; seed < 3000; seed++) {
            Random random = new Random(seed);
            List<Op> ops = history(random);
            if (lateness(ops) > 1_000_000_000L) far++;
            String expected = new ReferenceAvailabilityChecker().check(History.of(ops)).toJson().toString();
            String actual = new AvailabilityChecker().check(History.of(ops)).toJson().toString();
            assertEquals(expected, actual, "seed " + seed);
            compared++;
        }
        assertEquals(3000, compared);
        assertTrue(far > 50, "histories out of order by more than the one-pass slack: " + far);
    }

    private static long lateness(List<Op> ops) {
        long latest = Long.MIN_VALUE;
        long most = 0;
        for (Op op : ops) {
            if (op.time() < latest) most = Math.max(most, latest - op.time());
            latest = Math.max(latest, op.time());
        }
        return most;
    }

    private static List<Op> history(Random random) {
        List<Timed> timed = new ArrayList<>();
        int partitions = random.nextInt(5);
        int sends = random.nextInt(4) == 0 ? random.nextInt(5) : random.nextInt(400);
        int faults = random.nextInt(8);
        long span = 1 + (long) (random.nextDouble() * 60e9);
        long grid = random.nextBoolean() ? 1 : 100_000_000L; // a coarse grid makes ties between sends and nemesis ops
        int process = 0;
        for (int i = 0; i < sends; i++) {
            long invoke = at(random, span, grid);
            long done = invoke + (random.nextInt(10) == 0 ? 0 : at(random, random.nextInt(6) == 0 ? 8_000_000_000L : 300_000_000L, grid));
            int p = process++ % 6;
            ObjectNode value = Json.object().put("key", "k" + i).put("value", i);
            if (random.nextInt(30) != 0) timed.add(new Timed(invoke, p, OpType.INVOKE, "send", value, null));
            int roll = random.nextInt(100);
            if (roll < 3) continue; // never completed
            if (roll < 10) {
                timed.add(new Timed(done, p, OpType.FAIL, "send", value, "e"));
            } else if (roll < 15) {
                timed.add(new Timed(done, p, OpType.INFO, "send", value, "t"));
            } else {
                ObjectNode ok = value.deepCopy();
                int kind = random.nextInt(40);
                if (kind == 0) ok.put("partition", "x");
                else if (kind == 1) ok.put("partition", 1L << 40);
                else if (kind != 2 && partitions > 0) ok.put("partition", random.nextInt(partitions + (kind == 3 ? 9 : 0)));
                timed.add(new Timed(done, p, OpType.OK, "send", ok, null));
            }
        }
        for (int i = 0; i < faults; i++) addFault(random, timed, span, grid);
        timed.sort(Comparator.comparingLong(Timed::time));
        disorder(random, timed);
        List<Op> ops = new ArrayList<>();
        for (Timed t : timed) ops.add(new Op(ops.size(), t.time(), t.process(), t.type(), t.f(), t.value(), t.error()));
        return ops;
    }

    private static void addFault(Random random, List<Timed> timed, long span, long grid) {
        String[] pair = FAULTS[random.nextInt(FAULTS.length)];
        ObjectNode target = Json.object();
        if (random.nextInt(4) != 0) target.putArray("nodes").add(1 + random.nextInt(3));
        long invoke = at(random, span, grid);
        long done = invoke + at(random, 2_000_000_000L, grid);
        boolean headless = random.nextInt(15) == 0; // a completion with no invocation
        if (!headless) timed.add(new Timed(invoke, Op.NEMESIS, OpType.INVOKE, pair[0], target, null));
        int roll = random.nextInt(12);
        if (roll == 0) return; // never completed
        OpType type = DONE[random.nextInt(DONE.length)];
        ObjectNode value = target.deepCopy();
        String error = null;
        if (roll == 1) {
            type = OpType.INFO;
            value.put("held", false);
            if (random.nextBoolean()) error = "not held: not seen";
        } else if (type != OpType.OK && random.nextBoolean()) {
            error = "failed";
        }
        timed.add(new Timed(done, Op.NEMESIS, type, pair[0], value, error));
        if (random.nextInt(20) == 0) timed.add(new Timed(done, Op.NEMESIS, OpType.INFO, "proxy-action", Json.object(), null));
        if (pair[1] == null || random.nextInt(4) == 0) return; // never healed
        long healInvoke = done + at(random, 10_000_000_000L, grid);
        long healDone = random.nextInt(10) == 0 ? invoke : healInvoke + at(random, 500_000_000L, grid); // a heal before the fault
        timed.add(new Timed(healInvoke, Op.NEMESIS, OpType.INVOKE, pair[1], target, null));
        timed.add(new Timed(healDone, Op.NEMESIS, OpType.INFO, pair[1], target, null));
    }

    /** Moves a few ops later in the file than their time: by up to 50 ms usually, by seconds in some histories. */
    private static void disorder(Random random, List<Timed> timed) {
        int moves = random.nextInt(3) == 0 ? 0 : random.nextInt(1 + timed.size() / 4);
        long far = random.nextInt(4) == 0 ? 5_000_000_000L : 50_000_000L;
        for (int m = 0; m < moves && timed.size() > 1; m++) {
            int i = random.nextInt(timed.size());
            Timed op = timed.remove(i);
            int j = i;
            while (j < timed.size() && timed.get(j).time() - op.time() <= random.nextLong(far + 1)) j++;
            timed.add(j, op);
        }
    }

    private static long at(Random random, long within, long grid) {
        long t = (long) (random.nextDouble() * within);
        return t / grid * grid;
    }
}
