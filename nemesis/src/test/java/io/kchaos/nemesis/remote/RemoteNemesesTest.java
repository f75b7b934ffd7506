package io.kchaos.nemesis.remote;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.tiered.RemoteFault;
import io.kchaos.tiered.RemoteFault.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The remote-tier nemeses write, record and heal the bucket's control file, and lose one segment's log. */
class RemoteNemesesTest {
    @TempDir
    Path dir;

    @Test
    void remoteFailWritesTheControlFileAndItsHealRemovesIt() throws Exception {
        Path bucket = Files.createDirectories(dir.resolve("bucket"));
        NemesisOptions options = new NemesisOptions(Map.of("remote-fail-share", "0.25"));
        List<Op> ops = run(RemoteTierNemesis.fail(options), bucket, () -> {
            RemoteFault f = RemoteFault.readFrom(bucket).orElseThrow();
            assertEquals(Mode.FAIL, f.mode());
            assertEquals(0.25, f.failShare());
            Files.writeString(RemoteFault.ackFile(bucket, "1"), f.generation() + "\n"); // broker 1 read it, 2 an older one
            Files.writeString(RemoteFault.ackFile(bucket, "2"), "7\n");
        });
        assertFalse(Files.exists(RemoteFault.fileIn(bucket)), "healed");
        assertEquals(List.of("remote-fail", "remote-fail", NemesisOps.HEAL_REMOTE, NemesisOps.HEAL_REMOTE), ops.stream().map(Op::f).toList());
        assertTrue(ops.get(1).isOk() && ops.get(3).isOk());
        JsonNode v = ops.get(1).value();
        assertEquals("fail", v.path("mode").asText());
        assertEquals(0.25, v.path("fail-share").asDouble());
        assertEquals(RemoteTierNemesis.TAKES_EFFECT, v.path("takes-effect").asText());
        assertEquals("[1]", ops.get(3).value().path("seen-by").toString(), "broker 1 acknowledged this fault, broker 2 another");
    }

    @Test
    void aHealLeavesAnotherFaultsControlFileAndSaysSo() throws Exception {
        Path bucket = Files.createDirectories(dir.resolve("bucket"));
        RemoteFault other = new RemoteFault(Mode.SLOW, 1, 5, 0);
        List<Op> ops = run(RemoteTierNemesis.outage(), bucket, () -> other.writeTo(bucket));
        assertEquals(Optional.of(other), RemoteFault.readFrom(bucket));
        assertEquals(1, ops.get(3).value().path("replaced-by").asLong());
    }

    @Test
    void remoteSlowRecordsItsDelay() throws Exception {
        Path bucket = Files.createDirectories(dir.resolve("bucket"));
        List<Op> ops = run(RemoteTierNemesis.slow(new NemesisOptions(Map.of())), bucket, () ->
                assertEquals(2000, RemoteFault.readFrom(bucket).orElseThrow().delayMs()));
        assertEquals(2000, ops.get(1).value().path("delay-ms").asLong());
    }

    @Test
    void loseObjectDeletesThePartitionsLowestOffsetSegmentLog() throws Exception {
        Path bucket = dir.resolve("bucket");
        Path older = PlantedBucket.segment(bucket, "queue-0", "older", 100, 149, 150, 199);
        Path newer = PlantedBucket.segment(bucket, "queue-0", "newer", 200, 299);
        Files.createDirectories(bucket.resolve("queue-0").resolve(".copying-x-1"));
        List<Op> ops = run(new LoseObjectNemesis(), bucket, () -> { });
        assertFalse(Files.exists(older));
        assertTrue(Files.exists(newer));
        JsonNode v = ops.get(1).value();
        assertTrue(ops.get(1).isOk(), ops.toString());
        assertEquals("queue-0", v.path("topic-partition").asText());
        assertEquals("older", v.path("segment-id").asText());
        assertEquals(100, v.path("base-offset").asLong());
        assertEquals(199, v.path("last-offset").asLong());
        assertEquals(122, v.path("bytes").asLong());
        assertEquals(2, v.path("candidates").asInt());
        assertEquals(2, ops.size(), "an event: no heal");
    }

    @Test
    void loseObjectOnAnEmptyBucketIsInfo() throws Exception {
        List<Op> ops = run(new LoseObjectNemesis(), Files.createDirectories(dir.resolve("bucket")), () -> { });
        assertEquals(io.kchaos.history.OpType.INFO, ops.get(1).type(), ops.toString());
    }

    @Test
    void withoutABucketTheyRefuseInOneLine() {
        NemesisContext ctx = FakeCluster.full().context(new NemesisRecorder(new HistoryWriter(dir.resolve("h.jsonl"))), 1);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RemoteTierNemesis.outage().inject(ctx));
        assertTrue(e.getMessage().contains("--tiered"), e.getMessage());
    }

    /** Injects, runs {@code during}, heals; the nemesis ops recorded. */
    private List<Op> run(FaultInjector nemesis, Path bucket, During during) throws Exception {
        Path file = dir.resolve("history-" + System.nanoTime() + ".jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            Fault f = nemesis.inject(FakeCluster.full().withBucket(bucket).context(new NemesisRecorder(w), 1));
            during.run();
            f.heal();
        }
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(file).forEach(op -> {
            if (op.isNemesis()) ops.add(op);
        });
        return ops;
    }

    /** What a test does while the fault is in force. */
    @FunctionalInterface
    private interface During {
        void run() throws Exception;
    }
}
