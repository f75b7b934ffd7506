package io.kchaos.checker.raft;

import io.kchaos.checker.replica.BatchInfo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Finds the offsets below the committed floor that a majority of the voter set in force there no longer keeps: at such
 * an offset no batch of an epoch the proving observation allows is held by a majority (counting voters that summarise
 * the offset in a snapshot, whose content cannot be compared, as keeping it). Whatever entry was committed there, a
 * majority lacks it.
 */
final class CommittedLoss {
    /**
     * A range of lost offsets, an observation that proves all of them committed (its high watermark is above
     * {@code to}), the voters that lack them, and what each voter holds at {@code from}.
     */
    record Lost(long from, long to, QuorumObservation proof, List<Integer> lacking, Map<Integer, Optional<BatchInfo>> found) {
        boolean contains(long offset) {
            return offset >= from && offset <= to;
        }
    }

    private CommittedLoss() {
    }

    /**
     * @param voterSets the voter sets in force (a voter without a metadata log keeps nothing)
     * @param logs      every node's metadata log
     */
    static List<Lost> find(VoterSets voterSets, List<MetadataLog> logs, CommittedFloor floor) {
        if (floor.isEmpty() || floor.floor() == 0) return List.of();
        Map<Integer, MetadataLog> byNode = new LinkedHashMap<>();
        logs.forEach(l -> byNode.put(l.node().id(), l));
        List<Lost> lost = new ArrayList<>();
        long[] points = breakpoints(logs, voterSets, floor);
        for (int i = 0; i + 1 < points.length; i++) {
            long from = points[i];
            QuorumObservation proof = floor.proof(from).orElseThrow();
            Map<Integer, MetadataLog> byVoter = new LinkedHashMap<>();
            voterSets.at(from).voters().forEach(id -> byVoter.put(id, byNode.get(id)));
            Optional<Lost> here = judge(byVoter, from, points[i + 1] - 1, proof, voterSets.at(from).majority());
            if (here.isEmpty()) continue;
            Lost l = here.get();
            Lost last = lost.isEmpty() ? null : lost.get(lost.size() - 1);
            if (last != null && last.to() + 1 == l.from() && last.lacking().equals(l.lacking())) {
                // one range: an observation above its last offset proves all of it committed
                lost.set(lost.size() - 1, new Lost(last.from(), l.to(), l.proof(), last.lacking(), last.found()));
            } else {
                lost.add(l);
            }
        }
        return List.copyOf(lost);
    }

    /** Offsets in [0, floor) where what a voter holds, the voter set or the proof may change: within two of them nothing does. */
    private static long[] breakpoints(List<MetadataLog> logs, VoterSets voterSets, CommittedFloor floor) {
        long top = floor.floor();
        TreeSet<Long> points = new TreeSet<>(List.of(0L, top));
        floor.watermarks().stream().filter(w -> w < top).forEach(points::add);
        voterSets.all().stream().map(VoterSet::offset).filter(o -> o > 0 && o < top).forEach(points::add);
        for (MetadataLog l : logs) {
            for (BatchInfo b : l.batches()) {
                if (b.baseOffset() >= top) break;
                points.add(b.baseOffset());
                if (b.lastOffset() + 1 < top) points.add(b.lastOffset() + 1);
            }
            long snapshotEnd = l.snapshotEnd();
            if (snapshotEnd > 0 && snapshotEnd < top) points.add(snapshotEnd);
        }
        return points.stream().mapToLong(Long::longValue).toArray();
    }

    /** The offsets [from, to], over which no voter's holding changes: lost, or kept by a majority. */
    private static Optional<Lost> judge(Map<Integer, MetadataLog> byVoter, long from, long to, QuorumObservation proof, int majority) {
        Map<Integer, Optional<BatchInfo>> found = new LinkedHashMap<>();
        Map<BatchKey, List<Integer>> holders = new LinkedHashMap<>();
        List<Integer> summarised = new ArrayList<>(); // their snapshot covers the offsets their log no longer holds
        byVoter.forEach((id, l) -> {
            Optional<BatchInfo> b = l == null ? Optional.empty() : l.covering(from);
            found.put(id, b);
            if (b.isPresent() && b.get().leaderEpoch() <= proof.epochBound()) {
                holders.computeIfAbsent(BatchKey.of(b.get()), k -> new ArrayList<>()).add(id);
            } else if (b.isEmpty() && l != null && l.snapshotEnd() > from) {
                summarised.add(id);
            }
        });
        List<Integer> best = holders.values().stream().max(Comparator.comparingInt(List::size)).orElse(List.of());
        if (best.size() + summarised.size() >= majority) return Optional.empty();
        List<Integer> lacking = found.keySet().stream().filter(id -> !best.contains(id) && !summarised.contains(id)).toList();
        return Optional.of(new Lost(from, to, proof, lacking, found));
    }
}
