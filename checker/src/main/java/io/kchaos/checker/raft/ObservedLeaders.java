package io.kchaos.checker.raft;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Election safety as the observations saw it: for each epoch, the first two observations that name different leaders. */
final class ObservedLeaders {
    private ObservedLeaders() {
    }

    /** Each epoch with two leaders: the first observation of it and the first naming another leader, in the given order. */
    static List<QuorumObservation[]> conflicts(Collection<QuorumObservation> observations) {
        Map<Integer, QuorumObservation> first = new LinkedHashMap<>();
        Map<Integer, QuorumObservation[]> conflicts = new LinkedHashMap<>();
        for (QuorumObservation o : observations) {
            if (!o.namesLeader()) continue;
            QuorumObservation seen = first.putIfAbsent(o.leaderEpoch(), o);
            if (seen != null && seen.leaderId() != o.leaderId()) conflicts.putIfAbsent(o.leaderEpoch(), new QuorumObservation[] {seen, o});
        }
        return new ArrayList<>(conflicts.values());
    }
}
