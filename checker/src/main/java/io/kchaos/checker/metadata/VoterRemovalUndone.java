package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.metadata.HeldRemovals.Removal;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.OperationFields;
import io.kchaos.history.folder.QuorumSamples;
import io.kchaos.history.folder.ResultsFields;

import java.util.List;
import java.util.Optional;

/**
 * {@code voter-removal-undone} (definition in the anomaly catalogue) judged on a run's quorum polls ({@code quorum.jsonl})
 * against the history's held voter removals ({@link HeldRemovals}): a removed voter named again before any add-voter of
 * it was invoked. Its stats say how many held removals it judged.
 */
public final class VoterRemovalUndone {
    /**
     * A poll is timed when its answer came, so one answered this soon after a removal completed may have been asked
     * before it; such a poll counts only once a poll after the removal showed the voter gone.
     */
    static final long ANSWER_LEEWAY_NANOS = 1_000_000_000L;

    private VoterRemovalUndone() {
    }

    public static CheckResult judge(History history, List<QuorumSamples.Sample> polls) {
        CheckResult r = new CheckResult();
        List<Removal> removals = HeldRemovals.of(history);
        for (Removal removal : removals) {
            firstReturn(removal, polls).ifPresent(poll -> r.anomaly(Anomalies.VOTER_REMOVAL_UNDONE.key(), example(removal, poll)));
        }
        r.stats().put(ResultsFields.Stats.VOTER_REMOVALS, removals.size());
        return r;
    }

    /** The first poll after the removal, and before the node's next add-voter was invoked, that names the node a voter. */
    static Optional<QuorumSamples.Sample> firstReturn(Removal removal, List<QuorumSamples.Sample> polls) {
        boolean seenGone = false;
        for (QuorumSamples.Sample poll : polls) {
            if (poll.timeNanos() <= removal.timeNanos()) continue;
            if (poll.timeNanos() >= removal.addVoterNanos()) break;
            if (!poll.voters().contains(removal.node())) seenGone = true;
            else if (seenGone || poll.timeNanos() - removal.timeNanos() > ANSWER_LEEWAY_NANOS) return Optional.of(poll);
        }
        return Optional.empty();
    }

    private static ObjectNode example(Removal removal, QuorumSamples.Sample poll) {
        ObjectNode e = Json.object().put("node", removal.node()).put(OperationFields.DIRECTORY_ID, removal.directoryId())
                .put("removal-index", removal.index()).put("removal-time", removal.timeNanos()).put("poll", poll.source());
        ArrayNode voters = e.putArray("voters");
        poll.voters().forEach(voters::add);
        if (removal.addVoterIndex() == HeldRemovals.NO_ADD_VOTER) e.putNull("next-add-voter-index");
        else e.put("next-add-voter-index", removal.addVoterIndex());
        return e;
    }
}
