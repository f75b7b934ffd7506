package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.OperationsView.Reassigning;
import org.apache.kafka.common.TopicPartition;

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

    /** Waits for {@code targets}, partitions of the workload topic, to be in place; {@code startedNanos} is when the reassignment was asked for. */
    public static void awaitDone(NemesisContext ctx, Map<Integer, List<Integer>> targets, ObjectNode value, long startedNanos, Duration bound) {
        awaitDone(new WorkloadPlacement(ctx), targets, value, startedNanos, bound);
    }

    /**
     * Asks for the move recorded in {@code value} ({@code "to"}: partitions of any topic, named as a decommission names
     * them) and waits until it is in place, as a replay does.
     */
    public static void replay(NemesisContext ctx, ObjectNode value, Duration bound) {
        EveryTopicPlacement where = new EveryTopicPlacement(ctx);
        Map<TopicPartition, List<Integer>> to = Move.read(value.path("to"), where::parse);
        if (to.isEmpty()) throw new IllegalStateException("the recorded op names no replica sets (\"to\")");
        long started = System.nanoTime();
        where.reassign(to);
        awaitDone(where, to, value, started, bound);
    }

    /** Waits for {@code targets} to be in place where {@code where} reads them. */
    static <K> void awaitDone(Placement<K> where, Map<K, List<Integer>> targets, ObjectNode value, long startedNanos, Duration bound) {
        ArrayNode progress = value.putArray("progress");
        String last = null;
        long deadline = startedNanos + bound.toNanos();
        while (true) {
            Optional<Map<K, Reassigning>> ongoing = where.reassignments();
            String seen = ongoing.map(m -> describe(where, m, targets)).orElse("unknown (the reassignments could not be listed)");
            if (!seen.equals(last)) {
                progress.add(sample(where, ongoing.orElse(null), targets, startedNanos));
                last = seen;
            }
            if (ongoing.isPresent() && targets.keySet().stream().noneMatch(ongoing.get()::containsKey)) {
                // recorded from the very read that found them in place: a second read may ask a broker whose metadata
                // lags (OperationsRunTest once recorded a shrink held with its old set as replicas-after)
                Map<K, List<Integer>> now = where.replicas(targets.keySet());
                if (inPlace(now, targets)) {
                    put(where, now, value.putObject("replicas-after"));
                    break;
                }
            }
            if (System.nanoTime() >= deadline) {
                replicasAfter(where, targets, value);
                stuckEvidence(where, targets, value);
                throw new FaultNotHeld("the reassignment did not complete within " + bound.toSeconds() + " s; last seen: " + seen);
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FaultNotHeld("the wait for the reassignment was interrupted; last seen: " + seen);
            }
        }
        value.put("took-ms", (System.nanoTime() - startedNanos) / 1_000_000);
    }

    private static <K> boolean inPlace(Map<K, List<Integer>> now, Map<K, List<Integer>> targets) {
        return targets.entrySet().stream().allMatch(e -> Objects.equals(now.get(e.getKey()), e.getValue()));
    }

    private static <K> void replicasAfter(Placement<K> where, Map<K, List<Integer>> targets, ObjectNode value) {
        put(where, where.replicas(targets.keySet()), value.putObject("replicas-after"));
    }

    /**
     * At the bound: each partition's ISR ({@code isr-after}), then, read after it, the partitions Kafka still lists as
     * reassigning ({@code still-listed}), so a move whose adding replicas were all in sync and that was still pending
     * is on record (the checker's {@code reassignment-stuck}).
     */
    private static <K> void stuckEvidence(Placement<K> where, Map<K, List<Integer>> targets, ObjectNode value) {
        put(where, where.isr(targets.keySet()), value.putObject("isr-after"));
        where.reassignments().ifPresent(m -> {
            ArrayNode listed = value.putArray("still-listed");
            targets.keySet().stream().filter(m::containsKey).sorted(where.order()).map(where::name).forEach(n -> addName(listed, n));
        });
    }

    /** A workload partition's name as a number (as the checker reads {@code still-listed}), any other as text. */
    private static void addName(ArrayNode into, String name) {
        if (name.chars().allMatch(Character::isDigit)) into.add(Integer.parseInt(name));
        else into.add(name);
    }

    private static <K> void put(Placement<K> where, Map<K, List<Integer>> sets, ObjectNode into) {
        sets.keySet().stream().sorted(where.order()).forEach(p -> {
            ArrayNode a = into.putArray(where.name(p));
            sets.get(p).forEach(a::add);
        });
    }

    private static <K> ObjectNode sample(Placement<K> where, Map<K, Reassigning> ongoing, Map<K, List<Integer>> targets, long startedNanos) {
        ObjectNode s = Json.object();
        s.put("ms", (System.nanoTime() - startedNanos) / 1_000_000);
        if (ongoing == null) {
            s.put("listed", false);
            return s;
        }
        ObjectNode adding = s.putObject("adding");
        ObjectNode removing = s.putObject("removing");
        targets.keySet().stream().filter(ongoing::containsKey).sorted(where.order()).forEach(p -> {
            ArrayNode a = adding.putArray(where.name(p));
            ongoing.get(p).adding().forEach(a::add);
            ArrayNode r = removing.putArray(where.name(p));
            ongoing.get(p).removing().forEach(r::add);
        });
        return s;
    }

    private static <K> String describe(Placement<K> where, Map<K, Reassigning> ongoing, Map<K, List<Integer>> targets) {
        StringBuilder b = new StringBuilder();
        targets.keySet().stream().filter(ongoing::containsKey).sorted(where.order()).forEach(p -> b.append("partition ").append(where.name(p))
                .append(" adding ").append(ongoing.get(p).adding()).append(" removing ").append(ongoing.get(p).removing()).append("; "));
        return b.length() == 0 ? "none in progress" : b.toString();
    }
}
