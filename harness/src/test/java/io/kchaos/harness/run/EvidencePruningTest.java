package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.replica.PrunedLogDir;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Json;
import io.kchaos.history.folder.PrunedJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The end of a run on a planted run folder (three brokers' log dirs, no cluster): a VALID run's data is pruned to
 * replica digests that audit exactly as the segments did, and verify-logs and report still work on the folder; an
 * INVALID, UNKNOWN or interrupted run, and {@code --keep-data all}, leave every file as it was.
 */
class EvidencePruningTest {
    @TempDir
    Path store;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @Test
    void aValidRunIsPrunedToDigestsThatAuditAsTheSegmentsDid() throws IOException {
        RunFolder folder = RunFolder.create(store, "valid");
        FinalState fin = PlantedRunFolder.write(folder);
        CheckResult before = Judges.replicaAudit(HistoryFile.open(folder.history()), fin, false, List.of());
        assertTrue(before.anomalyTypes().isEmpty() && before.errors().isEmpty(), before.toJson().toPrettyString());
        long dataBefore = dataBytes(folder);

        end(folder, fin, KeepData.FAILING, auditingJudge(), new RunStop());

        for (Path dir : fin.allLogDirs()) {
            assertTrue(PrunedLogDir.isPruned(dir), dir.toString());
            try (Stream<Path> files = Files.walk(dir)) {
                List<String> segments = files.map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".log") || n.endsWith(".index") || n.endsWith(".timeindex") || n.endsWith(".snapshot")).toList();
                assertEquals(List.of("00000000000000000000.log"), segments, "only the metadata log's segment stays in " + dir);
            }
            assertTrue(Files.exists(dir.resolve(PlantedRunFolder.TOPIC + "-0").resolve("partition.metadata")));
            assertTrue(Files.exists(dir.resolve(PlantedRunFolder.TOPIC + "-0").resolve("leader-epoch-checkpoint")));
        }
        CheckResult after = Judges.replicaAudit(HistoryFile.open(folder.history()), fin, false, List.of());
        assertEquals(withoutTiming(before), withoutTiming(after));

        JsonNode pruned = Json.MAPPER.readTree(folder.files().pruned().toFile());
        assertEquals(dataBefore, pruned.path(PrunedJson.BYTES_BEFORE).asLong());
        assertEquals(dataBytes(folder), pruned.path(PrunedJson.BYTES_AFTER).asLong());
        assertEquals(3, pruned.path(PrunedJson.LOG_DIRS).size());
        assertEquals("nodes/1/data", pruned.path(PrunedJson.LOG_DIRS).get(0).path(PrunedJson.DIR).asText());
        assertEquals("nodes/1/data/replica.digest", pruned.path(PrunedJson.LOG_DIRS).get(0).path(PrunedJson.DIGEST).asText());
        assertEquals(3 * 2 * 2 * 4, pruned.path(PrunedJson.FILES_REMOVED).asInt()); // per node and partition 2 segments of 4 files
        assertTrue(pruned.path(PrunedJson.METADATA_LOG_BYTES).asLong() > 0);
        assertEquals("failing", Json.MAPPER.readTree(folder.runJson().toFile()).path("keep-data").asText());

        String line = RunFolderSize.line(folder.dir());
        assertTrue(line.startsWith("run folder: " + folder.dir() + " ("), line);
        assertTrue(line.contains("; broker data pruned to digests: "), line);
        assertTrue(console().contains("broker data pruned to replica digests"), console());
    }

    @Test
    void verifyLogsAndReportStillWorkOnAPrunedFolder() throws IOException {
        RunFolder folder = RunFolder.create(store, "again");
        FinalState fin = PlantedRunFolder.write(folder);
        JsonNode whole = verifyLogs(folder, "whole.json");
        end(folder, fin, KeepData.FAILING, auditingJudge(), new RunStop());
        JsonNode pruned = verifyLogs(folder, "pruned.json");
        assertEquals(whole.path("anomaly-types"), pruned.path("anomaly-types"));
        assertEquals(withoutTiming(whole.path("stats").path("replicas")), withoutTiming(pruned.path("stats").path("replicas")));
        assertEquals(withoutTiming(whole.path("stats").path("raft")), withoutTiming(pruned.path("stats").path("raft")), "the metadata logs are kept whole");
        assertEquals(0, Main.execute("report", folder.dir().toString()));
    }

    @Test
    void anInvalidRunKeepsEveryFile() throws IOException {
        assertUntouched(KeepData.FAILING, (h, f, s) -> {
            CheckResult r = Judges.replicaAudit(h, s, false, List.of());
            r.anomaly("lost-write", Json.object());
            return r;
        }, new RunStop());
    }

    @Test
    void anUnknownVerdictKeepsEveryFile() throws IOException {
        assertUntouched(KeepData.FAILING, (h, f, s) -> {
            CheckResult r = Judges.replicaAudit(h, s, false, List.of());
            r.error("could not judge");
            return r;
        }, new RunStop());
    }

    @Test
    void anInterruptedRunKeepsEveryFile() throws IOException {
        RunStop stop = new RunStop();
        stop.stop(RunStop.Cause.INTERRUPTED, "by SIGINT");
        assertUntouched(KeepData.FAILING, auditingJudge(), stop);
    }

    @Test
    void keepDataAllKeepsEveryFile() throws IOException {
        assertUntouched(KeepData.ALL, auditingJudge(), new RunStop());
        assertFalse(RunFolderSize.line(store.resolve("latest").toRealPath()).contains("pruned"));
    }

    @Test
    void aLogDirOutsideTheRunFolderIsNeverTouched(@TempDir Path elsewhere) throws IOException {
        RunFolder folder = RunFolder.create(store, "outside");
        FinalState planted = PlantedRunFolder.write(folder);
        RunFolder other = RunFolder.create(elsewhere, "other");
        FinalState foreign = PlantedRunFolder.write(other);
        Map<Integer, List<Path>> dirs = new TreeMap<>(planted.logDirs());
        dirs.put(3, foreign.logDirs().get(3));
        FinalState fin = new FinalState(planted.topic(), planted.finalIsr(), true, "planted", 0, dirs, List.of());
        Map<Path, Long> foreignFiles = listing(other.dir());

        end(folder, fin, KeepData.FAILING, auditingJudge(), new RunStop());

        assertEquals(foreignFiles, listing(other.dir()));
        assertTrue(PrunedLogDir.isPruned(dirs.get(1).get(0)));
        JsonNode pruned = Json.MAPPER.readTree(folder.files().pruned().toFile());
        assertEquals("outside the run folder", pruned.path(PrunedJson.NOT_PRUNED).path(foreign.logDirs().get(3).get(0).toString()).asText());
    }

    private void assertUntouched(KeepData keep, Judge judge, RunStop stop) throws IOException {
        RunFolder folder = RunFolder.create(store, "kept");
        FinalState fin = PlantedRunFolder.write(folder);
        Map<Path, Long> files = listing(folder.nodes());
        end(folder, fin, keep, judge, stop);
        assertEquals(files, listing(folder.nodes()));
        assertFalse(Files.exists(folder.files().pruned()));
    }

    private void end(RunFolder folder, FinalState fin, KeepData keep, Judge judge, RunStop stop) {
        RunConfig config = TestRunConfig.in(store).build().withKeepData(keep);
        RunRecord record = new RunRecord(config, folder);
        new RunEnd(judge, folder, keep, new PrintStream(console, true, StandardCharsets.UTF_8))
                .finish(fin, stop, stop.isStopped() ? "after 3 s of 60" : null, record);
    }

    /** The replica audit of the run's final state, as the real judge runs it. */
    private static Judge auditingJudge() {
        return (history, folder, fin) -> Judges.replicaAudit(history, fin, false, List.of());
    }

    private static JsonNode verifyLogs(RunFolder folder, String out) throws IOException {
        Path results = folder.dir().getParent().resolve(folder.dir().getFileName() + "-" + out);
        List<String> args = new ArrayList<>(List.of("verify-logs", "--topic", PlantedRunFolder.TOPIC, "--history", folder.history().toString(),
                "--out", results.toString()));
        for (int n = 1; n <= PlantedRunFolder.NODES; n++) args.add(folder.files().node(n).resolve("data").toString());
        assertEquals(0, Main.execute(args.toArray(String[]::new)), out);
        return Json.MAPPER.readTree(results.toFile());
    }

    private static long dataBytes(RunFolder folder) {
        long total = 0;
        for (int n = 1; n <= PlantedRunFolder.NODES; n++) total += io.kchaos.history.folder.FolderBytes.of(folder.files().node(n).resolve("data"));
        return total;
    }

    private static Map<Path, Long> listing(Path dir) throws IOException {
        Map<Path, Long> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) out.put(dir.relativize(p), Files.size(p));
        }
        return out;
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    private static String withoutTiming(CheckResult r) {
        return withoutTiming(r.toJson()).toPrettyString();
    }

    private static JsonNode withoutTiming(JsonNode json) {
        JsonNode copy = json.deepCopy();
        JsonNode replicas = copy.has("stats") ? copy.path("stats").path("replicas") : copy;
        if (replicas instanceof ObjectNode o) o.remove(List.of("seconds", "mb-per-second"));
        return copy;
    }
}
