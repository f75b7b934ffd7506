package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.checker.result.ConsistencyModels;
import io.kchaos.history.FormatVersion;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What ChaosRun does before any cluster exists: the backend sweeps its own leftovers, run.json is written. */
class ChaosRunWithoutClusterTest {
    @TempDir
    Path store;

    private static RunConfig config(Path store) {
        return TestRunConfig.in(store).cluster(new ClusterConfig(1, null, 256, false, Map.of("min.insync.replicas", "1"), "t", 1, (short) 1))
                .origins(new SettingOrigins(Set.of("min.insync.replicas"), Set.of(), Set.of())).build();
    }

    @Test
    void theBackendSweepsItsOwnLeftoversAndAFailedStartStillLeavesRunJson() throws Exception {
        RunFolder folder = RunFolder.create(store, "t");
        ClusterFactory backend = new ClusterFactory() {
            @Override
            public KafkaCluster create(RunConfig config, RunFolder f) {
                throw new ClusterException("no cluster in this test");
            }

            @Override
            public List<String> sweepLeftovers() {
                return List.of("removed 1 leftover of an earlier crashed run: fake");
            }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChaosRun run = new ChaosRun(config(store), folder, backend, c -> {
            throw new AssertionError("no workload without a cluster");
        }, List.of(), (h, f, s) -> {
            throw new AssertionError("nothing to judge");
        }, new PrintStream(out, true, StandardCharsets.UTF_8), RunClock.SYSTEM);
        assertThrows(ClusterException.class, run::execute);
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("removed 1 leftover of an earlier crashed run: fake"));
        JsonNode runJson = Json.MAPPER.readTree(folder.runJson().toFile());
        assertEquals(FormatVersion.CURRENT, runJson.path("format").asInt());
        assertEquals("t", runJson.path("name").asText());
        assertEquals("kafka", runJson.path(RunFields.CONSISTENCY_MODEL).asText(), "the default model, recorded");
    }

    @Test
    void runJsonNamesTheConsistencyModelTheRunIsJudgedUnderFromTheStart() throws Exception {
        RunFolder folder = RunFolder.create(store, "m");
        ClusterFactory backend = (config, f) -> {
            throw new ClusterException("no cluster in this test");
        };
        Judge judge = ((Judge) (h, f, s) -> {
            throw new AssertionError("nothing to judge");
        }).under(ConsistencyModels.SERIALIZABLE);
        ChaosRun run = new ChaosRun(config(store), folder, backend, c -> {
            throw new AssertionError("no workload without a cluster");
        }, List.of(), judge, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), RunClock.SYSTEM);
        assertThrows(ClusterException.class, run::execute);
        JsonNode runJson = Json.MAPPER.readTree(folder.runJson().toFile());
        assertEquals("serializable", runJson.path(RunFields.CONSISTENCY_MODEL).asText());
    }
}
