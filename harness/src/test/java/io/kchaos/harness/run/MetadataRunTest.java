package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.metadata.MetadataChecker;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The metadata workload on a real 3-node combined-mode cluster (every node a broker and a voter), beside the queue
 * workload ({@code --workload queue,metadata}): under kill-leader (the killed node is a metadata voter too, sometimes
 * the active controller) for 30 s one fault schedule judges both, VALID, with at least 20 acknowledged admin ops judged
 * against all three brokers' final reads and the run's quorum polls judged for offset regressions. The negative control is real too: the
 * same history's admin ops judged against the final reads of a second, shorter run of the metadata workload alone
 * (another cluster, of one node, whose topics bear the same names but never received the first run's later changes),
 * itself VALID, must be reported as lost changes. (One run serves what two runs, metadata alone and beside the queue, proved before.)
 */
@Tag("cluster")
class MetadataRunTest {
    @Test
    void underKillLeaderEveryAcknowledgedChangeAndWriteIsServedAndAnotherClustersReadIsNot(@TempDir Path store, @TempDir Path other)
            throws Exception {
        int exit = Main.execute("run", "--store", store.toString(), "--workload", "queue,metadata", "--time-limit", "30",
                "--seed", "11", "--nemesis", "kill-leader", "--nemesis-interval", "4", "--fault-duration", "5",
                "--nemesis-option", "fault-count=1", "--broker-config", RunHistories.SHORT_BROKER_SESSION, // ends once the kill was healed
                "--rate", "300", "--workload-option", "metadata.clients=2", "--producer-config", RunHistories.ONE_IN_FLIGHT);
        RunHistories h = new RunHistories(store);
        h.assertValid(exit);
        JsonNode md = h.results.path("stats").path("metadata");
        assertTrue(md.path("acknowledged").asLong() >= 20, "acknowledged admin ops: " + md);
        assertEquals(3, md.path("brokers-read").asInt(), "every broker read after catching up: " + md);
        assertTrue(h.results.path("stats").path("quorum-polls").asInt() >= 20,
                "the run's quorum polls, with every replica's log end offset, judged: " + h.results.path("stats"));
        assertTrue(h.count("send", OpType.OK) > 100, "sends: " + h.counts);
        assertTrue(h.count("drain", OpType.OK) >= 1, "drained: " + h.counts);
        assertTrue(h.nemesis("kill") >= 1, "a leader was killed: " + h.counts);
        assertEquals("queue,metadata", h.runJson().path("workload").asText());

        int exitOther = Main.execute("run", "--store", other.toString(), "--workload", "metadata", "--time-limit", "8",
                "--seed", "7", "--nemesis", "none", "--nodes", "1");
        assertEquals(0, exitOther, "the second run, the metadata workload alone, is valid on its own");
        assertEquals("metadata", new RunHistories(other).runJson().path("workload").asText());
        List<Op> spliced = withReadsOf(ops(h.dir), ops(new RunHistories(other).dir));
        CheckResult r = new MetadataChecker().check(History.of(spliced));
        assertTrue(r.count(Anomalies.METADATA_CHANGE_LOST.key()) > 0, () -> r.toJson().toPrettyString());
        CheckResult own = new MetadataChecker().check(History.of(withReadsOf(ops(h.dir), ops(h.dir))));
        assertEquals(List.of(), own.anomalyTypes(), "the splice alone changes nothing: " + own.toJson());
    }

    private static List<Op> ops(Path runDir) {
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(runDir.resolve("history.jsonl")).forEach(ops::add);
        return ops;
    }

    /** {@code base} without its metadata-read ops, then {@code reads}' metadata-read ops, reindexed and at base's last time. */
    private static List<Op> withReadsOf(List<Op> base, List<Op> reads) {
        List<Op> out = new ArrayList<>();
        long last = 0;
        for (Op o : base) {
            if (o.f().equals(ClientOps.METADATA_READ)) continue;
            out.add(new Op(out.size(), o.time(), o.process(), o.type(), o.f(), o.value(), o.error()));
            last = o.time();
        }
        for (Op o : reads) {
            if (!o.f().equals(ClientOps.METADATA_READ)) continue;
            out.add(new Op(out.size(), last, 100_000 + o.process(), o.type(), o.f(), o.value(), o.error()));
        }
        return out;
    }
}
