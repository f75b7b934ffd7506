package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
import io.kchaos.cluster.os.ProcessCommandRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real {@code kchaos run} process gets a real SIGINT while a node is paused: it heals (resumes the node), stops the
 * cluster cleanly, judges what was recorded, writes results.json and the report saying it was interrupted, and exits
 * with the verdict's code, within the interrupt budget; no broker outlives it.
 */
@Tag("cluster")
class InterruptedRunTest {
    @Test
    void aSigintedRunHealsStopsAndJudgesWhatWasRecorded(@TempDir Path store) throws Exception {
        ChildHarness child = ChildHarness.start("fault: pause", "--time-limit", "300", "--nemesis", "pause", "--nemesis-interval", "1",
                "--fault-duration", "120", "--broker-heap-mb", "256", "--rate", "300", "--no-namespaces", "--store", store.toString());
        Process harness = child.process();
        long interruptedAt;
        try {
            assertTrue(child.awaitLine(180), "the child harness started a cluster and paused a node: " + child.output());
            interruptedAt = System.nanoTime();
            new ProcessCommandRunner().check("kill", "-INT", Long.toString(harness.pid()));
            assertTrue(harness.waitFor(Interrupts.BUDGET.toSeconds() + 30, TimeUnit.SECONDS), "ended after the interrupt: " + child.output());
        } finally {
            harness.destroyForcibly();
        }
        child.drainOutput();
        double seconds = (System.nanoTime() - interruptedAt) / 1e9;
        String out = child.output();
        System.out.printf("MEASURED interrupt: SIGINT to exit %.1f s, exit %d%n", seconds, harness.exitValue());
        Path run = store.resolve("latest");
        JsonNode results = Json.MAPPER.readTree(run.resolve("results.json").toFile());
        int expected = results.path("valid").asText().equals("true") ? 0 : results.path("valid").asText().equals("false") ? 1 : 2;
        assertEquals(expected, harness.exitValue(), "exit with the verdict's code: " + results + "\n" + out);
        assertTrue(results.path("interrupted").asText().startsWith("by SIGINT after "), results.toString());
        assertTrue(out.contains("kchaos: interrupted: healing faults, stopping the cluster and judging what was recorded"), out);
        assertTrue(out.contains("INTERRUPTED by SIGINT after"), out);
        assertTrue(Files.readString(run.resolve("report.html")).contains("the run was interrupted by SIGINT"), "the report says so");
        String history = Files.readString(run.resolve("history.jsonl"));
        assertTrue(history.contains("\"f\":\"resume\"") || history.contains("\"f\":\"heal\""), "the paused node was resumed: " + out);
        long brokers = ProcessHandle.allProcesses()
                .filter(h -> h.info().commandLine().orElse("").contains("-Dkchaos.harness.pid=" + harness.pid() + " ")).count();
        assertEquals(0, brokers, "no broker outlives the run");
    }
}
