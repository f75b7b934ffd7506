package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.AclFields;
import io.kchaos.history.ClientOps;
import io.kchaos.history.OpType;
import io.kchaos.history.folder.ResultsFields;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The acl workload on a SASL/SCRAM cluster with StandardAuthorizer (issue 42): a probe user's WRITE and READ rights
 * granted and revoked by the controller while each broker is probed as that user on a connection of its own, under a
 * leader kill and a controller kill: VALID, grants and revokes acknowledged, probes answered allowed and denied, and
 * probes judged on every broker (so the verdict rests on answers the history proves were due).
 */
@Tag("cluster")
class AclRunTest {
    @Test
    void grantsAndRevokesUnderLeaderAndControllerKillsAreEnforcedOnceApplied(@TempDir Path store) throws Exception {
        // the run ends once both kills were healed (fault-count=2), each paced by the broker session
        int exit = Main.execute("run", "--workload", "acl", "--security", "sasl-scram", "--nemesis", "kill-leader,kill-controller",
                "--nemesis-option", "fault-order=cycle", "--nemesis-option", "fault-count=2", "--broker-config", RunHistories.SHORT_BROKER_SESSION, "--time-limit", "30", "--nemesis-interval", "4", "--fault-duration", "4", "--seed", "3",
                "--store", store.toString());
        RunHistories h = new RunHistories(store);
        h.assertValid(exit);
        // both nemeses record their kills as "kill", with the role of the node they aimed at
        assertTrue(killsOf(h, "leader") >= 1 && killsOf(h, "controller") >= 1, "both faults held: " + h.nemesisCompletions);
        assertEquals(List.of(), h.nemesisNotOk("start"), "every restart was read back in service");
        JsonNode acl = h.results.path(ResultsFields.STATS).path(ResultsFields.Stats.ACL);
        JsonNode changes = acl.path(ResultsFields.Acl.CHANGES);
        assertTrue(changes.path(AclFields.GRANT).path("ok").asInt() >= 2, "grants acknowledged: " + acl);
        assertTrue(changes.path(AclFields.REVOKE).path("ok").asInt() >= 2, "revokes acknowledged: " + acl);
        JsonNode probes = acl.path(ResultsFields.Acl.PROBES);
        assertTrue(probes.path(AclFields.ALLOWED).asInt() >= 1 && probes.path(AclFields.DENIED).asInt() >= 1, "both answers seen: " + acl);
        assertTrue(acl.path(ResultsFields.Acl.JUDGED).asInt() >= 10, "probes judged: " + acl);
        assertEquals(0, acl.path(ResultsFields.Acl.NODES_NEVER_JUDGED).size(), "every broker judged: " + acl);
        assertTrue(h.count(ClientOps.ACL_PROBE, OpType.OK) >= 10, "probes answered: " + h.counts);
    }

    private static long killsOf(RunHistories h, String role) {
        return h.nemesisCompletions.stream()
                .filter(op -> op.isOk() && op.f().equals("kill") && op.value().path("role").asText().equals(role)).count();
    }
}
