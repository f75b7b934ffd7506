package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.Op;
import io.kchaos.history.folder.QuorumSamples;
import io.kchaos.history.folder.RunFields;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The committed metadata a majority of the voters loses, judged from what the quorum acknowledged: three brokers beside
 * three dedicated controllers (Kafka 4.4.0, the bundled release). Negative control: a majority's disks lie about
 * fsync on the metadata log, then lose power while the third voter is held (SIGSTOP) until they elected a leader among
 * themselves: the entries the quorum's high watermark had passed are gone, and the run is INVALID with
 * {@code raft-committed-lost} naming the offsets and the quorum poll that proves them committed. Positive control: the
 * same power loss of a majority, the same held voter, honest disks: VALID. Both keep Kafka's hourly metadata snapshots
 * instead of kchaos's 10 s: a snapshot written during the lie comes back as an empty checkpoint file (its data was
 * never kept, its name was), on which the restarted controllers keep failing FetchSnapshot and re-electing, so whether
 * the liars ever lead within the bound would be a matter of timing (docs/findings.md).
 */
@Tag("cluster")
class LyingDiskQuorumRunTest {
    /** Only the first cut is asserted (a later one may meet a quorum the first broke): the run ends once it healed. */
    private static final String[] SCHEDULE = {"--controllers", "3", "--time-limit", "60", "--nemesis-interval", "5",
            "--fault-duration", "8", "--nemesis-option", "spared-voters=pause", "--nemesis-option", "fault-count=1", "--seed", "41", "--producer-config", RunHistories.ONE_IN_FLIGHT,
            "--broker-config", "metadata.log.max.snapshot.interval.ms=3600000"};

    private static int run(Path store, String nemesis, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--nemesis", nemesis, "--store", store.toString()));
        args.addAll(List.of(SCHEDULE));
        args.addAll(List.of(more));
        return Main.execute(args.toArray(String[]::new));
    }

    @Test
    void lyingDisksOnAMajorityLoseWhatTheQuorumCommittedAndTheAuditNamesIt(@TempDir Path store) throws Exception {
        int exit = run(store, "lying-disk", "--nemesis-option", "lying-disk-nodes=majority");
        RunHistories h = new RunHistories(store);
        System.out.println("MEASURED lying-disk majority: exit " + exit + ", anomalies " + h.anomalyTypes() + ", ops " + h.counts);
        assertSparedVoterHeldUntilTheCutOnesElected(h);
        assertFirstLieHeldAndItsCutDroppedBytes(h);
        assertEquals(1, exit, "INVALID: " + h.results);
        assertTrue(h.anomalies(Anomalies.RAFT_COMMITTED_LOST.key()) + h.anomalies(Anomalies.RAFT_COMMITTED_REPLACED.key()) > 0,
                "a committed metadata entry lost on a majority: " + h.results.path("anomalies"));
        JsonNode ex = h.results.path("anomalies").path(Anomalies.RAFT_COMMITTED_LOST.key()).path("examples").path(0);
        System.out.println("MEASURED raft-committed-lost example " + ex);
        assertTrue(ex.path("from-offset").asLong(-1) >= 0 && ex.path("to-offset").asLong(-1) >= ex.path("from-offset").asLong(),
                "the lost offsets named: " + ex);
        assertTrue(ex.path("committed-by").path("source").asText().contains("describeMetadataQuorum poll"),
                "proved by a quorum poll of the run: " + ex);
        assertTrue(ex.path("committed-by").path("high-watermark").asLong() > ex.path("to-offset").asLong(), ex.toString());
    }

    @Test
    void theSamePowerLossWithHonestDisksKeepsEveryCommittedEntry(@TempDir Path store) throws Exception {
        int exit = run(store, "power-loss-voters");
        RunHistories h = new RunHistories(store);
        System.out.println("MEASURED power-loss-voters, spared voter paused: exit " + exit + ", ops " + h.counts);
        assertSparedVoterHeldUntilTheCutOnesElected(h);
        h.assertValid(exit);
        List<QuorumSamples.Sample> polls = QuorumSamples.read(h.dir.resolve("quorum.jsonl"));
        assertTrue(polls.stream().filter(s -> s.highWatermark() > 0).count() >= 10, "the quorum polled all run: " + polls.size());
        assertEquals("[4,5,6]", h.runJson().path(RunFields.VOTER_SETS).path(0).path("voters").toString(), h.runJson().toString());
        assertTrue(h.results.path("stats").path("raft").path("committed-floor").asLong() > 0, h.results.path("stats").path("raft").toString());
    }

    /**
     * The negative control's hazard, asserted before its loss: the first lie held (the liars' sync marks read it back)
     * and the first power loss, which ends it, dropped bytes written during it.
     */
    private static void assertFirstLieHeldAndItsCutDroppedBytes(RunHistories h) {
        Op lie = h.nemesisCompletions.stream().filter(o -> o.f().equals("lying-disk")).findFirst().orElse(null);
        assertTrue(lie != null && lie.isOk(), "the hazard did not happen (the first lie held, read back), so no loss is owed: " + h.nemesisCompletions);
        Op cut = h.nemesisCompletions.stream().filter(o -> o.f().equals("power-loss")).findFirst().orElseThrow();
        long dropped = 0;
        for (JsonNode node : cut.value().path("dropped")) dropped += node.path("bytes").asLong();
        assertTrue(dropped > 0, "the hazard did not happen (the first power loss cut bytes the liars had claimed synced), so no loss is owed: " + cut);
    }

    /**
     * The first cut's steps all held: the voter it spared was paused before it and resumed after a cut voter led in a
     * higher epoch, read back (later faults of the schedule may meet a quorum the first one broke, so only it is asserted).
     */
    private static void assertSparedVoterHeldUntilTheCutOnesElected(RunHistories h) {
        List<Op> steps = h.nemesisCompletions.stream().filter(o -> List.of("pause", "power-loss", "start", "resume").contains(o.f())).toList();
        assertTrue(steps.size() >= 4, "a pause, a power loss, a start and a resume: " + steps);
        assertEquals(List.of("pause", "power-loss", "start", "resume"), steps.subList(0, 4).stream().map(Op::f).toList(), steps.toString());
        steps.subList(0, 4).forEach(o -> assertTrue(o.isOk(), "held: " + o));
        Op pause = steps.get(0);
        assertTrue(pause.value().path("spared").asBoolean(), pause.toString());
        int spared = pause.value().path("nodes").path(0).asInt();
        Op start = steps.get(2);
        int leader = start.value().path("controller-after").path("leader").asInt(-1);
        assertTrue(leader >= 4 && leader <= 6 && leader != spared, "a cut voter leads before the spared one resumes: " + start);
        assertFalse(start.value().path("nodes").toString().contains(Integer.toString(spared)), start.toString());
    }
}
