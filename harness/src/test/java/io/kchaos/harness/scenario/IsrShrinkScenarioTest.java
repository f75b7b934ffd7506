package io.kchaos.harness.scenario;

import io.kchaos.harness.cli.Main;
import io.kchaos.harness.compare.RunSummary;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * isr-shrink-unclean on the real cluster with min.insync.replicas=2 (unclean election still on): once the ISR is the
 * leader alone the broker refuses acks=all writes (NotEnoughReplicasException, a certain failure with retries=0)
 * instead of acknowledging them, so losing that leader loses nothing acknowledged. The VALID counts only because the
 * hazard happened: the unclean election is read back (an {@code ok} {@code unclean-election} note: a stale follower
 * leads) and nothing committed is missing from its log. The min.insync.replicas=1 half is {@code MatrixClusterTest}.
 */
@Tag("cluster")
class IsrShrinkScenarioTest {

    @Test
    void minInsyncReplicasTwoRefusesWritesAndLosesNothing(@TempDir Path store) {
        List<String> args = new ArrayList<>(List.of("run", "--scenario", "isr-shrink-unclean", "--broker-config", "min.insync.replicas=2",
                "--seed", "11", "--store", store.toString()));
        args.addAll(OneHeldAttempt.OPTIONS);
        int exit = Main.execute(args.toArray(String[]::new));
        RunSummary run = RunSummary.load(store.resolve("latest"));
        assertEquals(0, exit, "valid expected: " + run.dir() + " " + run.anomalies());
        assertEquals("2", run.settings().get("min.insync.replicas"));
        assertEquals("true", run.settings().get("unclean.leader.election.enable"), "the scenario's other settings stay");
        assertTrue(!UncleanElectionNotes.held(run.dir()).isEmpty(), "the hazard did not happen (the ISR shrank to the leader"
                + " alone and a stale follower was elected), so no refusal is owed: " + UncleanElectionNotes.of(run.dir()));
        assertTrue(run.sends().refused() > 0, "sends refused with NotEnoughReplicas while the ISR was the leader alone: " + run.dir());
        assertTrue(run.sends().ok() > 0, "sends acknowledged before the fault");
        assertEquals(0, run.run().field("broker-settings").path("min.insync.replicas").asInt() - 2);
        assertTrue(run.faultsInjected() >= 1, "the held attempt counted: " + run.faultsInjected());
        UncleanElectionNotes.held(run.dir()).forEach(n -> assertTrue(n.has("new-leader-log-end") && n.path("committed-missing").isMissingNode(),
                "the new leader's log end read back, and nothing committed is missing from it: " + n));
    }
}
