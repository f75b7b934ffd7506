package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code verify-logs --remote-tier}: a replica whose first segments went to the remote tier is not warned about. */
class VerifyLogsRemoteTierTest {
    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();

    /** Node {@code id}'s data dir: topic t, partition 0, segments at 0 (offsets 0-9) and 10 (10-19) unless {@code offloaded}. */
    private Path dataDir(int id, boolean offloaded) throws IOException {
        Path dir = tmp.resolve("n" + id);
        Path partition = dir.resolve("t-0");
        for (long base : offloaded ? new long[]{10} : new long[]{0, 10}) {
            try (SyntheticSegmentWriter w = SyntheticSegmentWriter.create(partition, base)) {
                List<byte[]> values = new ArrayList<>();
                for (long o = base; o < base + 10; o++) values.add(Long.toString(o).getBytes(StandardCharsets.UTF_8));
                w.append(SyntheticSegmentWriter.batch(base, 0, 1_700_000_000_000L, null, values));
            }
        }
        Files.writeString(partition.resolve("leader-epoch-checkpoint"), "0\n1\n0 0\n");
        Files.writeString(dir.resolve("meta.properties"), "version=1\ncluster.id=planted\nnode.id=" + id + "\n");
        Files.writeString(dir.resolve(".kafka_cleanshutdown"), "{\"version\":0,\"brokerEpoch\":7}");
        Files.writeString(dir.resolve("replication-offset-checkpoint"), "0\n1\nt 0 20\n");
        Files.writeString(dir.resolve("recovery-point-offset-checkpoint"), "0\n1\nt 0 20\n");
        Files.writeString(dir.resolve("log-start-offset-checkpoint"), "0\n1\nt 0 0\n");
        return dir;
    }

    private JsonNode verify(List<String> options, Path... dirs) throws IOException {
        Path results = tmp.resolve("results.json");
        List<String> args = new ArrayList<>(List.of("verify-logs", "--out", results.toString()));
        args.addAll(options);
        for (Path d : dirs) args.add(d.toString());
        assertEquals(0, Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), args.toArray(String[]::new)),
                err.toString());
        return Json.MAPPER.readTree(Files.readString(results, StandardCharsets.UTF_8));
    }

    @Test
    void aRemoteTierTopicsOffloadedSegmentsAreNoLostFirstSegment() throws IOException {
        Path one = dataDir(1, false);
        Path two = dataDir(2, true);
        JsonNode plain = verify(List.of(), one, two);
        assertTrue(plain.path("warnings").toString().contains("first segment"), plain.toString());

        JsonNode tiered = verify(List.of("--remote-tier", "t"), one, two);
        assertFalse(tiered.path("warnings").toString().contains("first segment"), tiered.toString());
        assertEquals(10, tiered.path("stats").path("replicas").path("t-0").path("local-log-start-offsets").path("2").asLong(), tiered.toString());
    }
}
