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
 * voter set found in quorum-state; metadata and data dirs together; bad input is one line and exit 2.
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
        Path dir = tmp.resolve("n" + id);
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
