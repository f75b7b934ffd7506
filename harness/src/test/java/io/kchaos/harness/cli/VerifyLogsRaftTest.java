package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
import io.kchaos.testkit.SyntheticMetadataLog;
import io.kchaos.testkit.SyntheticSegmentWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kchaos verify-logs} over planted KRaft metadata log dirs: the Raft audit with --voters, --committed and the
 * voter sets found in the logs (over time) or quorum-state; metadata and data dirs together; bad input is one line and
 * exit 2.
 */
class VerifyLogsRaftTest {
    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();

    /** Offsets 0 (LeaderChange, epoch 1), 1-5 (epoch 1), 6 (LeaderChange, epoch 2), 7-10 (epoch 2). */
    private static final Consumer<SyntheticMetadataLog> FULL = l -> l.leaderChange(1, 1).batch(1, 3, "a").batch(1, 2, "b")
            .leaderChange(2, 2).batch(2, 4, "c");
    private static final Consumer<SyntheticMetadataLog> FIRST_EPOCH = l -> l.leaderChange(1, 1).batch(1, 3, "a").batch(1, 2, "b");

    /** A node's metadata log dir as Kafka leaves it: meta.properties and __cluster_metadata-0. */
    private Path metadataDir(int id, Consumer<SyntheticMetadataLog> batches, Integer... listedVoters) throws IOException {
        return metadataDir(tmp, id, batches, listedVoters);
    }

    private Path metadataDir(Path root, int id, Consumer<SyntheticMetadataLog> batches, Integer... listedVoters) throws IOException {
        Path dir = root.resolve("n" + id);
        try (SyntheticMetadataLog log = SyntheticMetadataLog.create(dir, 0)) {
            batches.accept(log);
            log.quorumState(2, 2, listedVoters);
        }
        Files.writeString(dir.resolve("meta.properties"), "version=1\ncluster.id=planted\nnode.id=" + id + "\n");
        return dir;
    }

    private int run(String... args) {
        return Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), args);
    }

    private JsonNode verify(int exit, List<String> options, Path... dirs) throws IOException {
        Path results = tmp.resolve("results.json");
        List<String> args = new ArrayList<>(List.of("verify-logs", "--out", results.toString()));
        args.addAll(options);
        for (Path d : dirs) args.add(d.toString());
        assertEquals(exit, run(args.toArray(String[]::new)), err.toString());
        return Json.MAPPER.readTree(Files.readString(results, StandardCharsets.UTF_8));
    }

    @Test
    void agreeingMetadataLogsAreValidWithTheVotersGiven() throws IOException {
        JsonNode r = verify(0, List.of("--voters", "1,2,3"), metadataDir(1, FULL), metadataDir(2, FULL), metadataDir(3, FULL));
        assertEquals(3, r.path("stats").path("raft").path("voters").asInt(), r.toString());
        assertFalse(r.path("stats").has("replicas"), "no data partition: no replica audit: " + r);
        assertTrue(r.path("warnings").isEmpty(), r.toString());
    }

    @Test
    void aCommittedOffsetTheOperatorGivesFindsASuffixLostOnAMajority() throws IOException {
        Path[] dirs = {metadataDir(1, FULL), metadataDir(2, FIRST_EPOCH), metadataDir(3, FIRST_EPOCH)};
        verify(0, List.of("--voters", "1,2,3"), dirs);
        JsonNode r = verify(1, List.of("--voters", "1,2,3", "--committed", "11"), dirs);
        JsonNode ex = r.path("anomalies").path("raft-committed-lost").path("examples").get(0);
        assertEquals(6, ex.path("from-offset").asLong(), r.toString());
        assertEquals("[2,3]", ex.path("lacking").toString());
        assertEquals("operator (--committed 11)", ex.path("committed-by").path("source").asText());
    }

    @Test
    void theVoterSetComesFromTheLogsLeaderChangeMessages() throws IOException {
        Consumer<SyntheticMetadataLog> twoVoters = l -> l.leaderChange(1, 1, 1, 2).batch(1, 3, "a");
        JsonNode r = verify(0, List.of(), metadataDir(1, twoVoters), metadataDir(2, twoVoters), metadataDir(3, twoVoters));
        assertEquals(2, r.path("stats").path("raft").path("voters").asInt(), r.toString());
        assertEquals(1, r.path("stats").path("raft").path("observers").asInt(), r.toString());
        assertTrue(r.path("warnings").isEmpty(), r.toString());
        assertOneLineError(List.of("verify-logs", tmp.resolve("n1").toString(), tmp.resolve("n3").toString()),
                "voter 2 (from node 1's LeaderChangeMessage at offset 0) has no metadata log dir");
    }

    /** Offsets 0 (LeaderChange naming voters 1-5), 1-3 (epoch 1), 4 (VotersRecord naming {@code voters}). */
    private static Consumer<SyntheticMetadataLog> votersAt4(Integer... voters) {
        return l -> l.leaderChange(1, 1, 1, 2, 3, 4, 5).batch(1, 3, "a").voters(1, voters);
    }

    /** Nodes 1 and 2 add offsets 5-6 (epoch 1); node 3 instead leads epoch 2 (offsets 5-7); nodes 4 and 5 end at 5. */
    private Path[] voterSetChange(String root, Consumer<SyntheticMetadataLog> prefix) throws IOException {
        Path r = tmp.resolve(root);
        Consumer<SyntheticMetadataLog> kept = prefix.andThen(l -> l.batch(1, 2, "b"));
        return new Path[] {metadataDir(r, 1, kept), metadataDir(r, 2, kept), metadataDir(r, 3, prefix.andThen(l -> l.leaderChange(2, 3).batch(2, 2, "c"))),
                metadataDir(r, 4, prefix), metadataDir(r, 5, prefix)};
    }

    @Test
    void theVoterSetsOverTimeComeFromTheLogsWithOrWithoutVoters() throws IOException {
        // voters {1..5}, then {1,2,3} from offset 4: offsets 5-6 on nodes 1 and 2 are committed, and node 3 replaced them
        Path[] removed = voterSetChange("removed", votersAt4(1, 2, 3));
        for (List<String> options : List.of(List.<String>of(), List.of("--voters", "1,2,3,4,5"), List.of("--voters", "1,2,3"))) {
            JsonNode r = verify(1, options, removed);
            assertEquals("[\"raft-committed-replaced\"]", r.path("anomaly-types").toString(), options + ": " + r);
            assertEquals("[1,2]", r.path("anomalies").path("raft-committed-replaced").path("examples").get(0).path("committed").path("held-by").toString());
            JsonNode sets = r.path("stats").path("raft").path("voter-sets");
            assertEquals("[1,2,3,4,5]", sets.get(0).path("voters").toString(), options + ": " + sets);
            assertEquals("{\"offset\":4,\"voters\":[1,2,3],\"record\":\"VotersRecord\"}", sets.get(1).toString());
            assertEquals(3, r.path("stats").path("raft").path("voters").asInt());
        }
        // voters {1..5} all along (the VotersRecord names them again): 2 of 5 is no majority, node 3's epoch 2 a stale tail
        Path[] kept = voterSetChange("kept", votersAt4(1, 2, 3, 4, 5));
        for (List<String> options : List.of(List.<String>of(), List.of("--voters", "1,2,3,4,5"))) {
            JsonNode r = verify(0, options, kept);
            assertTrue(r.path("warnings").toString().contains("stale uncommitted tail"), options + ": " + r);
            assertEquals(1, r.path("stats").path("raft").path("voter-sets").size(), r.toString());
        }
    }

    @Test
    void aSnapshotAheadOfAMajorityOfTheVotersIsReportedWithOrWithoutVoters() throws IOException {
        Consumer<SyntheticMetadataLog> full = l -> l.leaderChange(1, 1, 1, 2, 3).batch(1, 3, "a").batch(1, 2, "b")
                .leaderChange(2, 2, 1, 2, 3).batch(2, 4, "c");
        Consumer<SyntheticMetadataLog> firstEpoch = l -> l.leaderChange(1, 1, 1, 2, 3).batch(1, 3, "a").batch(1, 2, "b");
        Consumer<SyntheticMetadataLog> snapshotted = full.andThen(l -> l.snapshot(11, 2));
        Path ahead = tmp.resolve("ahead");
        Path[] dirs = {metadataDir(ahead, 1, snapshotted), metadataDir(ahead, 2, firstEpoch), metadataDir(ahead, 3, firstEpoch)};
        for (List<String> options : List.of(List.<String>of(), List.of("--voters", "1,2,3"))) {
            JsonNode r = verify(1, options, dirs);
            JsonNode ex = r.path("anomalies").path("raft-snapshot-mismatch").path("examples").get(0);
            assertEquals("beyond-logs", ex.path("kind").asText(), options + ": " + r);
            assertEquals("[1]", ex.path("reached-by").toString());
            assertEquals("{\"1\":11,\"2\":6,\"3\":6}", ex.path("log-end-offsets").toString());
        }
        Path reached = tmp.resolve("reached");
        Path[] majority = {metadataDir(reached, 1, snapshotted), metadataDir(reached, 2, full), metadataDir(reached, 3, firstEpoch)};
        for (List<String> options : List.of(List.<String>of(), List.of("--voters", "1,2,3"))) {
            JsonNode r = verify(0, options, majority);
            assertEquals(1, r.path("stats").path("raft").path("snapshots-checked").asInt(), options + ": " + r);
        }
    }

    @Test
    void theVoterSetComesFromQuorumStateElseAllDirsWithAWarning() throws IOException {
        // the quorum-state files list voters 1 and 2: node 3, lagging, is read as an observer
        JsonNode listed = verify(0, List.of(), metadataDir(1, FULL, 1, 2), metadataDir(2, FULL, 1, 2), metadataDir(3, FIRST_EPOCH, 1, 2));
        assertEquals(2, listed.path("stats").path("raft").path("voters").asInt(), listed.toString());
        assertEquals(1, listed.path("stats").path("raft").path("observers").asInt());
        err.getBuffer().setLength(0);
        JsonNode assumed = verify(0, List.of(), metadataDir(4, FULL), metadataDir(5, FULL));
        assertEquals(2, assumed.path("stats").path("raft").path("voters").asInt());
        assertTrue(assumed.path("warnings").toString().contains("assumed every metadata log dir given is a voter: [4, 5]"), assumed.toString());
    }

    @Test
    void dataAndMetadataDirsTogetherGetBothAudits() throws IOException {
        Path combined = metadataDir(1, FULL);
        try (SyntheticSegmentWriter w = SyntheticSegmentWriter.create(combined.resolve("kchaos-queue-0"), 0)) {
            w.append(SyntheticSegmentWriter.batch(0, 0, 1000L, null, List.of("v".getBytes(StandardCharsets.UTF_8))));
        }
        JsonNode r = verify(0, List.of("--voters", "1"), combined);
        assertTrue(r.path("stats").has("replicas"), r.toString());
        assertEquals(1, r.path("stats").path("raft").path("voters").asInt(), r.toString());
    }

    private void assertOneLineError(List<String> args, String mustContain) {
        err.getBuffer().setLength(0);
        assertEquals(2, run(args.toArray(String[]::new)));
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: ") && e.contains(mustContain), e);
        assertEquals(1, e.lines().count(), e);
        assertFalse(e.contains("\tat "), e);
    }

    @Test
    void badInputIsOneLineAndExit2() throws IOException {
        String one = metadataDir(1, FULL).toString();
        String two = metadataDir(2, FULL).toString();
        assertOneLineError(List.of("verify-logs", tmp.resolve("nowhere").toString()), "no such log dir");
        assertOneLineError(List.of("verify-logs", "--voters", "1,x", one, two), "--voters");
        assertOneLineError(List.of("verify-logs", "--voters", "1,2,3", one, two), "voter 3 (from --voters) has no metadata log dir");
        assertOneLineError(List.of("verify-logs", "--committed", "-4", one), "--committed must be >= 0");
        Path data = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(data.resolve("meta.properties"), "node.id=9\n");
        assertOneLineError(List.of("verify-logs", "--voters", "9", data.toString()), "--voters needs a DIR holding __cluster_metadata-0");
    }
}
