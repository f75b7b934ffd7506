package io.kchaos.harness.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test helper: the {@code unclean-election} notes {@code isr-shrink} wrote into a run's history, completions only. */
public final class UncleanElectionNotes {
    private UncleanElectionNotes() {
    }

    /** Each note's completion, in history order. */
    public static List<Op> of(Path runDir) {
        List<Op> notes = new ArrayList<>();
        HistoryFile.open(runDir.resolve("history.jsonl")).forEach((Op op) -> {
            if (op.isNemesis() && !op.isInvoke() && NemesisOps.UNCLEAN_ELECTION.equals(op.f())) notes.add(op);
        });
        return notes;
    }

    /** The values of the notes that held: a stale follower was read back leading. */
    public static List<JsonNode> held(Path runDir) {
        return of(runDir).stream().filter(o -> o.type() == OpType.OK).map(Op::value).toList();
    }
}
