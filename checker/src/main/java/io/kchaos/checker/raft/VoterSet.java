package io.kchaos.checker.raft;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A voter set in force from an offset of the metadata log on, and what named it; a majority of it is more than half
 * of its voters, and only its voters count toward one (observers, and voters of other sets, never do).
 *
 * @param offset the first offset it is in force at
 * @param voters the voter ids
 * @param record what named it: {@code given} (the audit's voter set), or a {@link LoggedVoters#record()}
 */
record VoterSet(long offset, Set<Integer> voters, String record) {
    static final String GIVEN = "given";

    /** The set a log names, in force from its record's offset. */
    static VoterSet of(LoggedVoters named) {
        return new VoterSet(named.offset(), new TreeSet<>(named.voters()), named.record());
    }

    int majority() {
        return voters.size() / 2 + 1;
    }

    /** Its entry of {@code stats.raft.voter-sets}. */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put(ResultsFields.Raft.OFFSET, offset);
        voters.forEach(o.putArray(ResultsFields.Raft.VOTERS)::add);
        o.put(ResultsFields.Raft.RECORD, record);
        return o;
    }

    /** Those of {@code nodes} that are voters of this set, in their order. */
    List<Integer> votersAmong(Collection<Integer> nodes) {
        return nodes.stream().filter(voters::contains).toList();
    }

    /** True when {@code holders} include a majority of this set. */
    boolean majorityOf(Collection<Integer> holders) {
        return !voters.isEmpty() && votersAmong(holders).size() >= majority();
    }
}
