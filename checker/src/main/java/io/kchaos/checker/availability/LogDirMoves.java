package io.kchaos.checker.availability;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.NemesisTrack;
import io.kchaos.history.Op;
import io.kchaos.history.folder.LeaderChange;
import io.kchaos.history.folder.ResultsFields;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code stats.log-dir-moves}, a figure: for each held move of a replica between a broker's log dirs, whether it moved
 * the partition's leader and how long each replica of the partition stayed outside the ISR after it (leaders.jsonl,
 * sampled once a second, so each time is up to a second off). A follower left outside the ISR of an idle partition
 * whose leader was moved is KAFKA-20961's symptom; the judgment is {@code leader-epoch-lost}'s, not this figure's.
 */
public final class LogDirMoves {
    private static final Set<String> MOVES = Set.of(NemesisOps.MOVE_LOG_DIR.f(), NemesisOps.RESTORE_LOG_DIR);

    private LogDirMoves() {
    }

    /** Adds {@code stats.log-dir-moves} to {@code r} when the run held a move; else nothing. */
    public static void addTo(CheckResult r, NemesisTrack track, List<LeaderChange> samples) {
        List<Op> moves = track.ops().stream().filter(op -> op.isOk() && MOVES.contains(op.f()) && op.value() != null
                && op.value().path("nodes").size() == 1 && op.value().path("partition").canConvertToInt()).toList();
        if (moves.isEmpty()) return;
        ArrayNode out = r.stats().putArray(ResultsFields.Stats.LOG_DIR_MOVES);
        long end = Math.max(track.endNanos(), samples.stream().mapToLong(LeaderChange::time).max().orElse(0));
        for (int i = 0; i < moves.size(); i++) {
            Op move = moves.get(i);
            int partition = move.value().get("partition").asInt();
            long until = moves.subList(i + 1, moves.size()).stream().filter(m -> m.value().get("partition").asInt() == partition)
                    .mapToLong(Op::time).findFirst().orElse(end);
            List<LeaderChange> of = samples.stream().filter(s -> s.partition() == partition)
                    .sorted(Comparator.comparingLong(LeaderChange::time)).toList();
            out.add(entry(move, move.value().get("nodes").get(0).asInt(), partition, until, of));
        }
    }

    private static ObjectNode entry(Op move, int node, int partition, long until, List<LeaderChange> samples) {
        ObjectNode e = Json.object();
        e.put(ResultsFields.LogDirMoves.F, move.f());
        e.put(ResultsFields.LogDirMoves.TIME_S, Math.round(move.time() / 1e6) / 1000.0);
        e.put(ResultsFields.LogDirMoves.PARTITION, partition);
        e.put(ResultsFields.LogDirMoves.NODE, node);
        LeaderChange at = null;
        for (LeaderChange s : samples) if (s.time() <= move.time()) at = s;
        if (at == null) {
            e.putNull(ResultsFields.LogDirMoves.LED);
            e.putNull(ResultsFields.LogDirMoves.LEADER_EPOCH);
        } else {
            e.put(ResultsFields.LogDirMoves.LED, at.leader() == node);
            if (at.epoch() >= 0) e.put(ResultsFields.LogDirMoves.LEADER_EPOCH, at.epoch()); else e.putNull(ResultsFields.LogDirMoves.LEADER_EPOCH);
        }
        ObjectNode outMs = e.putObject(ResultsFields.LogDirMoves.OUT_OF_ISR_MS);
        outOfIsr(samples, replicas(samples, node), move.time(), until).forEach((n, ms) -> outMs.put(Integer.toString(n), ms));
        List<Integer> lastIsr = samples.isEmpty() ? List.of() : samples.get(samples.size() - 1).isr();
        e.put(ResultsFields.LogDirMoves.IN_ISR_AT_END, lastIsr.contains(node));
        ArrayNode outAtEnd = e.putArray(ResultsFields.LogDirMoves.OUT_AT_END);
        replicas(samples, node).stream().filter(n -> !lastIsr.contains(n)).forEach(outAtEnd::add);
        return e;
    }

    /** The partition's replicas as the samples show them: every ISR member and leader seen, and the moved node. */
    private static Set<Integer> replicas(List<LeaderChange> samples, int node) {
        Set<Integer> all = new TreeSet<>(List.of(node));
        for (LeaderChange s : samples) {
            all.addAll(s.isr());
            if (s.leader() >= 0) all.add(s.leader());
        }
        return all;
    }

    /** Node → milliseconds outside the ISR within [from, until), for the replicas that were outside at some point. */
    static Map<Integer, Long> outOfIsr(List<LeaderChange> samples, Set<Integer> replicas, long from, long until) {
        Map<Integer, Long> nanos = new TreeMap<>();
        List<Integer> isr = null;
        long t = from;
        for (LeaderChange s : samples) {
            if (s.time() >= until) break;
            if (s.time() > from && isr != null) accrue(nanos, replicas, isr, s.time() - t);
            if (s.time() > from) t = s.time();
            isr = s.isr();
        }
        if (isr != null) accrue(nanos, replicas, isr, until - t);
        Map<Integer, Long> ms = new TreeMap<>();
        nanos.forEach((n, v) -> ms.put(n, v / 1_000_000));
        return ms;
    }

    private static void accrue(Map<Integer, Long> nanos, Set<Integer> replicas, List<Integer> isr, long span) {
        if (span <= 0) return;
        for (int n : replicas) if (!isr.contains(n)) nanos.merge(n, span, Long::sum);
    }
}
