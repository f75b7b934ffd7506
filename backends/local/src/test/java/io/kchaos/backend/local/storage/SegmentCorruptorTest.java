package io.kchaos.backend.local.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.replica.ReplicaAudit;
import io.kchaos.testkit.SyntheticSegmentWriter;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The corrupted batch is one below the recovery point, in a closed segment when there is one, and the replica audit
 * then reports exactly that batch; a log with nothing below its recovery point is left alone.
 */
class SegmentCorruptorTest {
    @TempDir
    Path tmp;

    /** One node's log dir for topic t, partition 0: batches of 10 records, segments at 0 and 50, recovery point {@code rp}. */
    private Path logDir(String name, long rp, int batches) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Path folder = Files.createDirectories(dir.resolve("t-0"));
        Files.writeString(dir.resolve("meta.properties"), "version=1\ncluster.id=c\nnode.id=1\n");
        Files.writeString(folder.resolve("leader-epoch-checkpoint"), "0\n1\n0 0\n");
        Files.writeString(dir.resolve("recovery-point-offset-checkpoint"), "0\n1\nt 0 " + rp + "\n");
        Files.writeString(dir.resolve("replication-offset-checkpoint"), "0\n1\nt 0 " + (batches * 10L) + "\n");
        SyntheticSegmentWriter w = null;
        for (int b = 0; b < batches; b++) {
            long base = b * 10L;
            if (w == null || base == 50) {
                if (w != null) w.close();
                w = SyntheticSegmentWriter.create(folder, base);
            }
            List<byte[]> keys = new ArrayList<>();
            List<byte[]> values = new ArrayList<>();
            for (long o = base; o < base + 10; o++) {
                keys.add(("k" + o).getBytes(StandardCharsets.UTF_8));
                values.add(Long.toString(o).getBytes(StandardCharsets.UTF_8));
            }
            w.append(SyntheticSegmentWriter.batch(base, 0, 1_700_000_000_000L, keys, values));
        }
        w.close();
        return dir;
    }

    @Test
    void flipsABatchOfAClosedSegmentBelowTheRecoveryPointAndTheAuditFindsIt() throws Exception {
        Path dir = logDir("n1", 90, 9);
        for (int seed = 0; seed < 5; seed++) {
            Path copy = logDir("c" + seed, 90, 9);
            ObjectNode v = SegmentCorruptor.corrupt(copy, new Random(seed)).orElseThrow();
            assertEquals("closed", v.get("segment").asText());
            assertTrue(v.get("path").asText().endsWith("00000000000000000000.log"), v.toString());
            assertTrue(v.get("last-offset").asLong() < 50, v.toString());
            CheckResult r = ReplicaAudit.builder().logDir(copy).build().run();
            assertEquals(List.of("committed-data-missing", "corrupt-batch"), r.anomalyTypes(), () -> r.toJson().toPrettyString());
            ObjectNode c = r.anomalies().get("corrupt-batch").examples().get(0);
            assertEquals(v.get("offset").asLong(), c.get("offset").asLong());
            assertEquals(v.get("batch-position").asLong(), c.get("position").asLong());
        }
        assertTrue(ReplicaAudit.builder().logDir(dir).build().run().valid(), "the untouched copy stays valid");
    }

    @Test
    void withoutAClosedSegmentBelowTheRecoveryPointTheActiveOneIsUsedAndSaidSo() throws Exception {
        Path dir = logDir("n1", 80, 9);
        Files.delete(dir.resolve("t-0").resolve("00000000000000000000.log"));
        ObjectNode v = SegmentCorruptor.corrupt(dir, new Random(1)).orElseThrow();
        assertTrue(v.get("segment").asText().startsWith("active"), v.toString());
        assertTrue(v.get("last-offset").asLong() < 80, v.toString());
    }

    @Test
    void nothingBelowTheRecoveryPointIsLeftAlone() throws Exception {
        Path dir = logDir("n1", 0, 9);
        assertTrue(SegmentCorruptor.corrupt(dir, new Random(1)).isEmpty());
        assertTrue(ReplicaAudit.builder().logDir(dir).build().run().valid());
    }

    @Test
    void storageNemesesKeepTheMetadataLogApartAndOnlyDiskFullMounts() {
        var runner = (io.kchaos.cluster.os.CommandRunner) c -> new io.kchaos.cluster.os.CommandResult(0, "", "");
        var registry = io.kchaos.nemesis.catalogue.NemesisRegistry.builtIn();
        DataDisks plain = DataDisks.forNemeses(registry.parse(List.of("kill-leader", "partition")), runner);
        DataDisks wipe = DataDisks.forNemeses(registry.parse(List.of("wipe")), runner);
        DataDisks full = DataDisks.forNemeses(registry.parse(List.of("kill", "disk-full")), runner);
        assertEquals(Map.of(false, false), Map.of(plain.separateMetadataLog(), plain.sizeMb().isPresent()));
        assertEquals(Map.of(true, false), Map.of(wipe.separateMetadataLog(), wipe.sizeMb().isPresent()));
        assertEquals(Map.of(true, true), Map.of(full.separateMetadataLog(), full.sizeMb().isPresent()));
    }
}
