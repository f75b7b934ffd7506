package io.kchaos.history.folder;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunFolderReadTest {
    @TempDir
    Path dir;

    @Test
    void aMissingFolderReadsAsEmptyWithTheReason() {
        RunJson run = RunJson.read(dir);
        assertEquals("run.json not found", run.file().problem());
        assertTrue(run.workload().isEmpty());
        assertEquals("java", run.client(), "a run.json without a client section: the java client");
        ResultsJson results = ResultsJson.read(dir);
        assertEquals("results.json not found", results.file().problem());
        assertNull(results.valid());
        assertTrue(results.anomalies().isEmpty() && results.errors().isEmpty());
    }

    @Test
    void damagedFilesSayWhyInOneLine() throws IOException {
        Files.writeString(dir.resolve(RunFiles.RUN_JSON), "{\"seed\": ");
        Files.writeString(dir.resolve(RunFiles.RESULTS_JSON), "[1, 2]");
        assertTrue(RunJson.read(dir).file().problem().startsWith("run.json is unreadable: "));
        assertTrue(!RunJson.read(dir).file().problem().contains("\n"));
        assertEquals("results.json is not a JSON object", ResultsJson.read(dir).file().problem());
    }

    @Test
    void anOldRunJsonReadsWithWhatItHas() throws IOException {
        Files.writeString(dir.resolve(RunFiles.RUN_JSON), "{\"seed\": 7, \"scenario\": \"x\", \"unknown-field\": [1]}");
        RunJson run = RunJson.read(dir);
        assertNull(run.file().problem());
        assertEquals(7, run.seed().getAsLong());
        assertEquals("x", run.scenario().orElseThrow());
        assertTrue(run.name().isEmpty() && run.upgradePath(" -> ").isEmpty());
    }

    @Test
    void resultsKeepCountsExamplesAndNamedTypes() throws IOException {
        Files.writeString(dir.resolve(RunFiles.RESULTS_JSON), "{\"valid\": false, \"anomaly-types\": [\"lost-write\", 3],"
                + " \"anomalies\": {\"lost-write\": {\"count\": 12, \"examples\": [{\"index\": 1}]}, \"dup\": {}}, \"errors\": [\"e\", {\"x\": 1}]}");
        ResultsJson r = ResultsJson.read(dir);
        assertEquals(Boolean.FALSE, r.valid());
        assertEquals(12L, r.anomalies().get("lost-write").count());
        assertEquals(1, r.anomalies().get("lost-write").examples().size());
        assertNull(r.anomalies().get("dup").count(), "an entry without a count");
        assertEquals(java.util.List.of("lost-write"), r.anomalyTypes(), "only textual types");
        assertEquals(java.util.List.of("e", "{\"x\":1}"), r.errors());
        assertTrue(r.isKchaosResults());
    }
}
