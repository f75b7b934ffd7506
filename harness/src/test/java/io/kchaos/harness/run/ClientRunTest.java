package io.kchaos.harness.run;

import io.kchaos.harness.cli.Main;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The clients other than the built-in one on a real cluster. librdkafka (python3-confluent-kafka, which .ci/run
 * installs): its sends and polls under kill-leader over mutual TLS are judged VALID by the queue checker, and its acks=1 negative
 * control under pause-followers-kill-leader is INVALID with lost writes, so the librdkafka path catches loss too. A
 * kafka-clients release other than the built-in one ({@code --client-version 3.9.1}) under kill-leader is proven in
 * {@code KafkaVersionsClusterTest}'s run (one run for another broker release and another client release).
 */
@Tag("cluster")
class ClientRunTest {
    @Test
    void librdkafkaUnderKillLeaderIsValid(@TempDir Path store) throws Exception {
        int exit = Main.execute("run", "--client", "librdkafka", "--security", "mtls", "--nemesis", "kill-leader", "--time-limit", "45", "--nemesis-option", "fault-count=1",
                "--nemesis-interval", "4", "--fault-duration", "4", "--seed", "22", "--producer-config", RunHistories.ONE_IN_FLIGHT, "--store", store.toString());
        RunHistories run = new RunHistories(store);
        run.assertValid(exit);
        assertEquals("librdkafka", run.runJson().path("client").path("kind").asText(), "run.json names the client");
        assertEquals("mtls", run.runJson().path("security").asText(), "over mutual TLS: the CA as inline PEM, the client's keystore");
        assertTrue(run.runJson().path("client").path("librdkafka").asText().startsWith("2."), "its version: " + run.runJson().path("client"));
        assertTrue(run.nemesis("kill") >= 1, "a leader was killed: " + run.counts);
        assertTrue(run.count("send", OpType.OK) >= 100, "sends acknowledged through librdkafka: " + run.counts);
        assertTrue(polledRecords(run.dir) > 0, "records read through librdkafka's polls: " + run.counts);
        assertEquals(0, run.results.path("stats").path("unseen").asLong(-1), "every acknowledged write was read: " + run.results);
    }

    @Test
    void librdkafkaWithAcksOneLosesAcknowledgedWrites(@TempDir Path store) throws Exception {
        List<String> args = new ArrayList<>(AcksOneLossTest.ONE_FAULT);
        args.addAll(List.of("--client", "librdkafka", "--store", store.toString()));
        int exit = Main.execute(args.toArray(String[]::new));
        RunHistories run = new RunHistories(store);
        assertTrue(run.nemesis("pause") >= 1 && run.nemesis("kill") >= 1,
                "the hazard did not happen (followers paused, then their leader killed, both held), so no loss is owed: " + run.nemesisCompletions);
        assertEquals(1, exit, "anomalies expected in " + run.dir + ": " + run.results);
        assertTrue(run.anomalies("lost-write") > 0, "lost-write reported: " + run.results.path("anomaly-types"));
        assertEquals("librdkafka", run.runJson().path("client").path("kind").asText());
    }

    private static long polledRecords(Path dir) throws Exception {
        AtomicLong n = new AtomicLong();
        HistoryFile.open(dir.resolve("history.jsonl")).forEach(op -> {
            if (op.f().equals("poll") && op.type() == OpType.OK) n.addAndGet(op.value().path("records").size());
        });
        return n.get();
    }
}
