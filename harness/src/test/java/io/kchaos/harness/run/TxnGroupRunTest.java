package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.harness.cli.Main;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The txn and group workloads on a real 3-node cluster. Under kill-coordinator and kill-leader both are valid, and the
 * history shows what was exercised: deliberately aborted transactions, rebalances, crashed and closed members, and
 * coordinators moving away from killed nodes (the controller fences a killed broker after broker.session.timeout.ms,
 * lowered to 4 s so a fault of a few seconds moves its coordinators). Two negative controls must be reported: a group
 * that commits past what it processed (lost-by-group) and consumers reading uncommitted data (G1a); neither needs a
 * fault or a replica, so each runs on one node (a start of about 4 s instead of 9).
 */
@Tag("cluster")
class TxnGroupRunTest {
    /**
     * The coordinator's kill first ({@code fault-order=cycle}), and the run ends one interval after it was healed
     * ({@code fault-count=1}): the assertions need one coordinator killed and moved; the time limit stays the bound.
     */
    private static final String[] FAULTS = {"--nemesis", "kill-coordinator,kill-leader", "--nemesis-option", "fault-order=cycle",
            "--nemesis-option", "fault-count=1", "--nemesis-interval", "5", "--fault-duration", "8",
            "--broker-config", RunHistories.SHORT_BROKER_SESSION, "--rate", "300"};

    private static String[] args(Path store, String... more) {
        List<String> a = new ArrayList<>(List.of("run", "--store", store.toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    private static String[] withFaults(Path store, String... more) {
        List<String> a = new ArrayList<>(List.of(args(store, more)));
        a.addAll(List.of(FAULTS));
        return a.toArray(String[]::new);
    }

    /** Every op of the run's history. */
    private static List<Op> ops(RunHistories h) {
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(h.dir.resolve("history.jsonl")).forEach(ops::add);
        return ops;
    }

    /** Completions (held or not) of coordinator faults whose coordinator had moved away from the faulted node. */
    private static long coordinatorMoves(List<Op> ops) {
        return ops.stream().filter(o -> o.isNemesis() && !o.isInvoke() && o.f().equals("start"))
                .map(Op::value).filter(v -> v.has("coordinator-after"))
                .filter(v -> v.get("coordinator-after").asInt() != v.get("nodes").get(0).asInt()).count();
    }

    /** Kills that held (the broker exited) of a node that was a coordinator. */
    private static long coordinatorKills(List<Op> ops) {
        return ops.stream().filter(o -> o.isNemesis() && o.isOk() && o.f().equals("kill")
                && o.value().has("coordinator-of")).count();
    }

    @Test
    void transactionsUnderKillCoordinatorAndKillLeaderAreValid(@TempDir Path store) throws Exception {
        int exit = Main.execute(withFaults(store, "--workload", "txn", "--time-limit", "35", "--seed", "11"));
        RunHistories h = new RunHistories(store);
        assertEquals(0, exit, "verdict of " + h.dir + ": " + h.results);
        List<Op> ops = ops(h);
        JsonNode txn = h.results.path("stats").path("txn");
        assertTrue(txn.path("ok").asLong() >= 50, "committed transactions: " + txn);
        long aborted = ops.stream().filter(o -> o.f().equals("txn") && o.type() == OpType.FAIL
                && o.value().path("abort").asBoolean()).count();
        assertTrue(aborted >= 1, "deliberately aborted transactions in the history: " + txn);
        assertTrue(txn.path("polls").asLong() >= 1, "transactions polled their read_committed consumer: " + txn);
        assertTrue(coordinatorKills(ops) >= 1, "a transaction coordinator was killed: " + h.counts);
        assertTrue(coordinatorMoves(ops) >= 1, "a coordinator moved away from a killed node: " + h.counts);
        assertTrue(h.count("drain", OpType.OK) >= 1, "a read_committed drain: " + h.counts);
        assertEquals(0, h.results.path("stats").path("unseen").asLong(-1), "every committed send was read: " + h.results);
        assertEquals("txn", Json.MAPPER.readTree(Files.readString(h.dir.resolve("run.json"))).path("workload").asText());
    }

    /** On the bundled 4.x broker the group speaks KIP-848's consumer protocol by default. */
    @Test
    void consumerGroupUnderKillCoordinatorAndKillLeaderIsValid(@TempDir Path store) throws Exception {
        int exit = Main.execute(withFaults(store, "--workload", "group", "--consumers", "3", "--time-limit", "35",
                "--seed", "5", "--workload-option", "churn-seconds=6"));
        RunHistories h = new RunHistories(store);
        assertEquals(0, exit, "verdict of " + h.dir + ": " + h.results);
        assertEquals("consumer", h.runJson().path("workload-choices").path("group-protocol").asText(), "the default on a 4.x broker");
        List<Op> ops = ops(h);
        JsonNode group = h.results.path("stats").path("group");
        assertTrue(group.path("assignments").asLong() >= 4, "rebalances assigned partitions again and again: " + group);
        assertTrue(group.path("revocations").asLong() >= 1, "partitions were revoked: " + group);
        long rebalancingPolls = ops.stream().filter(o -> o.f().equals("poll") && o.value().has("rebalance")).count();
        assertTrue(rebalancingPolls >= 2, "rebalance events recorded in polls: " + rebalancingPolls);
        assertTrue(h.count("crash", OpType.INFO) + h.count("close", OpType.OK) >= 2, "members left: " + h.counts);
        assertTrue(h.count("commit", OpType.OK) >= 20, "commits with the broker's committed offsets: " + h.counts);
        assertTrue(ops.stream().anyMatch(o -> o.f().equals("commit") && o.isOk() && o.value().has("committed")));
        assertEquals(1, h.count("catch-up", OpType.OK), "the group consumed to the end: " + h.counts);
        assertEquals("[0,1,2]", group.path("partitions-caught-up").toString());
        assertTrue(coordinatorKills(ops) >= 1, "the group coordinator was killed: " + h.counts);
        assertTrue(coordinatorMoves(ops) >= 1, "the group coordinator moved away from a killed node: " + h.counts);
    }

    /** The negative control speaks the classic protocol, so both protocols run on a real broker in this class. */
    @Test
    void groupCommittingPastWhatItProcessedIsReported(@TempDir Path store) throws Exception {
        int exit = Main.execute(args(store, "--workload", "group", "--consumers", "3", "--time-limit", "15", "--seed", "9",
                "--nemesis", "none", "--nodes", "1", "--rate", "500", "--workload-option", "commit=ahead", "--workload-option", "churn-seconds=4",
                "--workload-option", "group-protocol=classic"));
        RunHistories h = new RunHistories(store);
        JsonNode group = h.results.path("stats").path("group");
        assertTrue(group.path("revocations").asLong() >= 1,
                "the hazard did not happen (partitions moved between members that commit ahead), so no lost-by-group is owed: " + group);
        assertEquals(1, exit, "anomalies expected in " + h.dir + ": " + h.results);
        assertEquals("classic", h.runJson().path("workload-choices").path("group-protocol").asText(), "run.json names the protocol");
        assertTrue(h.anomalies("lost-by-group") > 0, "lost-by-group reported: " + h.results.path("anomaly-types"));
        assertEquals(0, h.anomalies("lost-write"), "the records are in the log, only the group skipped them");
    }

    @Test
    void consumersReadingUncommittedDataSeeAbortedTransactions(@TempDir Path store) throws Exception {
        int exit = Main.execute(args(store, "--workload", "txn", "--time-limit", "10", "--seed", "4", "--nemesis", "none", "--nodes", "1",
                "--rate", "300", "--consumer-config", "isolation.level=read_uncommitted"));
        RunHistories h = new RunHistories(store);
        long aborted = ops(h).stream().filter(o -> o.f().equals("txn") && o.type() == OpType.FAIL && o.value().path("abort").asBoolean()).count();
        assertTrue(aborted >= 1, "the hazard did not happen (a transaction deliberately aborted), so no G1a is owed: " + h.counts);
        assertEquals(1, exit, "anomalies expected in " + h.dir + ": " + h.results);
        assertTrue(h.anomalies("G1a") > 0, "aborted reads reported: " + h.results.path("anomaly-types"));
    }
}
