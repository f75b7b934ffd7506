package io.kchaos.checker.raft;

import io.kchaos.checker.replica.BatchInfo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The voter sets in force over the metadata log's offsets, which every majority of the audit is counted in. As in
 * KIP-853, a voter set is in force from the offset of the record that names it, committed or not (a snapshot's from its
 * end offset); before any record names one, the audit's given set is, or, with none given, the first one logged.
 *
 * <p>The nodes' logs are merged offset by offset. A record is authoritative when its batch is held by a majority both of
 * the set in force before it and of the set it names (committed however the change is counted; a lone node naming
 * itself is not), or it is in a snapshot (which holds only committed entries). A record that is not, and whose batch some
 * node's log replaced with another batch of a higher epoch, is dropped (a stale uncommitted tail, truncated by the later
 * leader). Of the rest at one offset, an authoritative one wins, then the one of the highest epoch, then the one whose
 * batch most nodes hold.
 */
final class VoterSets {
    private static final VoterSet NONE = new VoterSet(0, Set.of(), "none");

    /** Each change, by the offset it takes effect at. */
    private final TreeMap<Long, VoterSet> changes;

    private VoterSets(TreeMap<Long, VoterSet> changes) {
        this.changes = changes;
    }

    /**
     * @param given  the audit's voter set (empty: none given)
     * @param logs   every node's metadata log, voters and observers
     * @param heldBy each batch → the nodes whose logs hold it
     */
    static VoterSets of(Set<Integer> given, List<MetadataLog> logs, Map<BatchKey, List<Integer>> heldBy) {
        TreeMap<Long, List<LoggedVoters.Named>> byOffset = new TreeMap<>();
        logs.forEach(l -> l.namedVoters().forEach(n -> byOffset.computeIfAbsent(n.set().offset(), k -> new ArrayList<>()).add(n)));
        TreeMap<Long, VoterSet> changes = new TreeMap<>();
        VoterSet current = given.isEmpty() ? null : new VoterSet(0, new TreeSet<>(given), VoterSet.GIVEN);
        if (current != null) changes.put(0L, current);
        for (List<LoggedVoters.Named> here : byOffset.values()) {
            VoterSet before = current;
            Comparator<LoggedVoters.Named> preferred = Comparator.comparing((LoggedVoters.Named n) -> authoritative(n, before, heldBy))
                    .thenComparingInt(LoggedVoters.Named::epoch).thenComparingInt(n -> holders(n, heldBy).size());
            Optional<LoggedVoters.Named> chosen = here.stream()
                    .filter(n -> authoritative(n, before, heldBy) || !superseded(n, logs)).max(preferred);
            if (chosen.isEmpty() || current != null && current.voters().equals(chosen.get().set().voters())) continue;
            current = VoterSet.of(chosen.get().set());
            changes.put(current.offset(), current);
        }
        return new VoterSets(changes);
    }

    private static List<Integer> holders(LoggedVoters.Named n, Map<BatchKey, List<Integer>> heldBy) {
        return n.batch().map(b -> heldBy.getOrDefault(BatchKey.of(b), List.of())).orElse(List.of());
    }

    /** In a snapshot, or held by a majority of the set it names and of {@code before} (null: none in force yet). */
    private static boolean authoritative(LoggedVoters.Named n, VoterSet before, Map<BatchKey, List<Integer>> heldBy) {
        if (n.batch().isEmpty()) return true;
        List<Integer> holders = holders(n, heldBy);
        return VoterSet.of(n.set()).majorityOf(holders) && (before == null || before.majorityOf(holders));
    }

    private static boolean superseded(LoggedVoters.Named n, List<MetadataLog> logs) {
        if (n.batch().isEmpty()) return false;
        BatchInfo b = n.batch().get();
        return logs.stream().map(l -> l.covering(n.set().offset())).flatMap(Optional::stream)
                .anyMatch(other -> other.leaderEpoch() > b.leaderEpoch() && !BatchKey.of(other).equals(BatchKey.of(b)));
    }

    /** The voter set in force at {@code offset}. */
    VoterSet at(long offset) {
        Map.Entry<Long, VoterSet> e = changes.floorEntry(offset);
        if (e == null) e = changes.firstEntry();
        return e == null ? NONE : e.getValue();
    }

    /** The voter set in force at the end of the log. */
    VoterSet last() {
        return changes.isEmpty() ? NONE : changes.lastEntry().getValue();
    }

    /** Each voter set in force, in offset order. */
    Collection<VoterSet> all() {
        return changes.values();
    }

    /** True when {@code id} is a voter of some set in force. */
    boolean everVoter(int id) {
        return changes.values().stream().anyMatch(s -> s.voters().contains(id));
    }

    /** True when a majority of the voter set in force at the batch's base offset holds it. */
    boolean committed(BatchKey batch, Collection<Integer> holders) {
        return at(batch.base()).majorityOf(holders);
    }

    /** The voters of the set in force at the batch's base offset among its holders. */
    List<Integer> votersHolding(BatchKey batch, Collection<Integer> holders) {
        return at(batch.base()).votersAmong(holders);
    }
}
