package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.OperationsView.Reassigning;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Watches reassignments (a nemesis's, or a replayed one's) until they completed: no partition of the move is listed as in progress and each one's replica
 * set, read back from the metadata, is its target. Writes into the op's value what it saw on the way: {@code progress}
 * (the adding and removing replicas each time they changed, with the milliseconds since the request), then
 * {@code replicas-after} and {@code took-ms}. Past its bound it adds {@code isr-after} and {@code still-listed} and throws
 * {@link FaultNotHeld} with what it last saw.
 */
public final class MoveWatch {
    private static final long POLL_MS = 250;

    private MoveWatch() {
    }

    /** Waits for {@code targets} to be in place; {@code startedNanos} is when the reassignment was asked for. */
    public static void awaitDone(NemesisContext ctx, Map<Integer, List<Integer>> targets, ObjectNode value, long startedNanos, Duration bound) {
        ArrayNode progress = value.putArray("progress");
        String last = null;
        long deadline = startedNanos + bound.toNanos();
        while (true) {
            Optional<Map<Integer, Reassigning>> ongoing = ctx.operations().reassignments();
            String seen = ongoing.map(m -> describe(m, targets)).orElse("unknown (the reassignments could not be listed)");
            if (!seen.equals(last)) {
                progress.add(sample(ongoing.orElse(null), targets, startedNanos));
                last = seen;
            }
            if (ongoing.isPresent() && targets.keySet().stream().noneMatch(ongoing.get()::containsKey) && inPlace(ctx, targets)) break;
            if (System.nanoTime() >= deadline) {
                replicasAfter(ctx, targets, value);
                stuckEvidence(ctx, targets, value);
                throw new FaultNotHeld("the reassignment did not complete within " + bound.toSeconds() + " s; last seen: " + seen);
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FaultNotHeld("the wait for the reassignment was interrupted; last seen: " + seen);
            }
        }
        replicasAfter(ctx, targets, value);
        value.put("took-ms", (System.nanoTime() - startedNanos) / 1_000_000);
    }

    private static boolean inPlace(NemesisContext ctx, Map<Integer, List<Integer>> targets) {
        return targets.entrySet().stream().allMatch(e -> Objects.equals(ctx.topic().replicas(e.getKey()), e.getValue()));
    }

    private static void replicasAfter(NemesisContext ctx, Map<Integer, List<Integer>> targets, ObjectNode value) {
        ObjectNode after = value.putObject("replicas-after");
        targets.keySet().forEach(p -> {
            ArrayNode a = after.putArray(Integer.toString(p));
            ctx.topic().replicas(p).forEach(a::add);
        });
    }

    /**
     * At the bound: each partition's ISR ({@code isr-after}), then, read after it, the partitions Kafka still lists as
     * reassigning ({@code still-listed}), so a move whose adding replicas were all in sync and that was still pending
     * is on record (the checker's {@code reassignment-stuck}).
     */
    private static void stuckEvidence(NemesisContext ctx, Map<Integer, List<Integer>> targets, ObjectNode value) {
        ObjectNode isr = value.putObject("isr-after");
        targets.keySet().forEach(p -> ctx.topic().isr(p).forEach(isr.putArray(Integer.toString(p))::add));
        ctx.operations().reassignments().ifPresent(m -> {
            ArrayNode listed = value.putArray("still-listed");
            targets.keySet().stream().filter(m::containsKey).sorted().forEach(listed::add);
        });
    }

    private static ObjectNode sample(Map<Integer, Reassigning> ongoing, Map<Integer, List<Integer>> targets, long startedNanos) {
        ObjectNode s = Json.object();
        s.put("ms", (System.nanoTime() - startedNanos) / 1_000_000);
        if (ongoing == null) {
            s.put("listed", false);
            return s;
        }
        ObjectNode adding = s.putObject("adding");
        ObjectNode removing = s.putObject("removing");
        targets.keySet().stream().filter(ongoing::containsKey).forEach(p -> {
            ArrayNode a = adding.putArray(Integer.toString(p));
            ongoing.get(p).adding().forEach(a::add);
            ArrayNode r = removing.putArray(Integer.toString(p));
            ongoing.get(p).removing().forEach(r::add);
        });
        return s;
    }

    private static String describe(Map<Integer, Reassigning> ongoing, Map<Integer, List<Integer>> targets) {
        StringBuilder b = new StringBuilder();
        targets.keySet().stream().filter(ongoing::containsKey).forEach(p -> b.append("partition ").append(p).append(" adding ")
                .append(ongoing.get(p).adding()).append(" removing ").append(ongoing.get(p).removing()).append("; "));
        return b.length() == 0 ? "none in progress" : b.toString();
    }
}
