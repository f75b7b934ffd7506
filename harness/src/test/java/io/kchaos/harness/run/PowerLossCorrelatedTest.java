package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.Op;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped scenario {@code power-loss-correlated}, shortened to one fault (the first comes 2.5–7.5 s in, the run lasts
 * 15 s): every node loses power at once. Negative control: with Kafka's default flush settings acks=all writes are
 * acknowledged from page caches only, so they are gone from every replica — the client checker and the replica audit
 * must both report it. Positive control: with {@code log.flush.interval.messages=1} every acknowledged write was
 * fsynced on every in-sync replica, so the same fault must leave the run valid (it drops only unsynced bytes).
 */
@Tag("cluster")
class PowerLossCorrelatedTest {
    /**
     * The power goes out 2.5-7.5 s in; the restart is read back once every broker's old session expired, counted from the
     * new active controller's start (so the 4 s session), and the 15 s time limit ends the run at that restart.
     */
    private static final String[] SHORT = {"run", "--scenario", "power-loss-correlated", "--time-limit", "15",
            "--nemesis-interval", "5", "--fault-duration", "3", "--broker-config", RunHistories.SHORT_BROKER_SESSION, "--seed", "5"};

    @Test
    void defaultFlushLosesAcknowledgedWrites(@TempDir Path store) throws Exception {
        int exit = Main.execute(args(store));
        RunHistories h = new RunHistories(store);
        assertTrue(h.nemesisCompletions.stream().anyMatch(o -> o.f().equals("power-loss") && o.isOk() && topicBytesDropped(o) > 0),
                "the hazard did not happen (a power loss that held and cut unsynced bytes of the topic's files), so no loss is owed: " + h.nemesisCompletions);
        assertEquals(1, exit, "anomalies expected in " + h.dir + ": " + h.results.path("anomaly-types"));
        assertTrue(h.nemesis("power-loss") >= 1, "the power went out: " + h.counts);
        assertTrue(h.anomalies("lost-write") + h.anomalies("inconsistent-offsets") > 0, "the client checker reports loss: " + h.results.path("anomaly-types"));
        assertTrue(h.anomalies("acked-write-missing-on-replica") > 0, "the replica audit reports it: " + h.results.path("anomaly-types"));
    }

    @Test
    void flushingEveryMessageSurvives(@TempDir Path store) throws Exception {
        int exit = Main.execute(args(store, "--broker-config", "log.flush.interval.messages=1", "--producer-config", RunHistories.ONE_IN_FLIGHT));
        RunHistories h = new RunHistories(store);
        assertTrue(h.nemesis("power-loss") >= 1, "the power went out: " + h.counts);
        h.assertValid(exit);
        assertTrue(h.count("send", io.kchaos.history.OpType.OK) > 100, "writes were acknowledged: " + h.counts);
    }

    /** The bytes a power-loss op's cut dropped from the workload topic's files (kchaos-queue-N/...), on every node. */
    private static long topicBytesDropped(Op powerLoss) {
        long bytes = 0;
        for (JsonNode node : powerLoss.value().path("dropped")) {
            for (var file : node.path("truncated").properties()) {
                if (file.getKey().contains("kchaos-queue-")) bytes += file.getValue().path(0).asLong() - file.getValue().path(1).asLong();
            }
        }
        return bytes;
    }

    private static String[] args(Path store, String... more) {
        String[] a = new String[SHORT.length + 2 + more.length];
        System.arraycopy(SHORT, 0, a, 0, SHORT.length);
        a[SHORT.length] = "--store";
        a[SHORT.length + 1] = store.toString();
        System.arraycopy(more, 0, a, SHORT.length + 2, more.length);
        return a;
    }
}
