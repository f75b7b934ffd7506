package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.history.Json;
import io.kchaos.harness.os.ProcessCommandRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
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
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path")));
        String libs = System.getProperty("kchaos.kafka.libs");
        if (libs != null) cmd.add(1, "-Dkchaos.kafka.libs=" + libs);
        cmd.addAll(List.of("io.kchaos.harness.cli.Main", "run", "--time-limit", "300", "--nemesis", "pause", "--nemesis-interval", "1",
                "--fault-duration", "120", "--broker-heap-mb", "256", "--rate", "300", "--no-namespaces", "--store", store.toString()));
        Process harness = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        CountDownLatch paused = new CountDownLatch(1);
        StringBuilder output = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(harness.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                    if (line.contains("fault: pause")) paused.countDown();
                }
            } catch (Exception ignored) {
                // the harness ended
            }
        }, "child-harness-output");
        reader.setDaemon(true);
        reader.start();
        long interruptedAt;
        try {
            assertTrue(paused.await(180, TimeUnit.SECONDS), "the child harness started a cluster and paused a node: " + output);
            interruptedAt = System.nanoTime();
            new ProcessCommandRunner().check("kill", "-INT", Long.toString(harness.pid()));
            assertTrue(harness.waitFor(Interrupts.BUDGET.toSeconds() + 30, TimeUnit.SECONDS), "ended after the interrupt: " + output);
        } finally {
            harness.destroyForcibly();
        }
        reader.join(5000);
        double seconds = (System.nanoTime() - interruptedAt) / 1e9;
        String out;
        synchronized (output) {
            out = output.toString();
        }
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
