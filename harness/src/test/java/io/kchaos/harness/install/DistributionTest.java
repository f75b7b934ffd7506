package io.kchaos.harness.install;

import io.kchaos.cluster.install.BuildInfo;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution archive that {@code mvn package} builds, unpacked into an empty folder and run from another one:
 * {@code bin/kchaos --version} names the build's version, and a short run on the bundled broker gives a verdict.
 * Runs in the integration-test phase, after the archive exists; it starts one broker.
 */
@Tag("cluster")
class DistributionTest {
    @TempDir
    Path tmp;

    private record Result(int exit, String output) {
    }

    private Result run(Path cwd, String... command) throws IOException, InterruptedException {
        Path log = tmp.resolve("out-" + System.nanoTime() + ".txt");
        Process p = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("timed out: " + String.join(" ", command) + "\n" + Files.readString(log));
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    @Test
    void theUnpackedArchiveRunsFromAnywhere() throws Exception {
        String version = BuildInfo.current().version();
        Path archive = Path.of("target", "kchaos-" + version + ".tar.gz").toAbsolutePath();
        assertTrue(Files.isRegularFile(archive), "mvn package makes " + archive);
        Path opt = Files.createDirectories(tmp.resolve("opt"));
        Path work = Files.createDirectories(tmp.resolve("somewhere else"));
        assertEquals(0, run(opt, "tar", "xzf", archive.toString()).exit());
        String kchaos = opt.resolve("kchaos-" + version).resolve("bin").resolve("kchaos").toString();

        Result v = run(work, kchaos, "--version");
        assertEquals(0, v.exit(), v.output());
        assertTrue(v.output().startsWith("kchaos " + version + " "), v.output());

        List<String> cmd = new ArrayList<>(List.of(kchaos, "run", "--time-limit", "10", "--nodes", "1", "--partitions", "1",
                "--nemesis", "none", "--no-namespaces", "--broker-heap-mb", "256", "--store", work.resolve("store").toString()));
        Result r = run(work, cmd.toArray(String[]::new));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("VALID"), r.output());
        String runJson = Files.readString(work.resolve("store").resolve("latest").resolve("run.json"));
        assertTrue(runJson.contains(opt.resolve("kchaos-" + version).resolve("kafka").resolve("libs").toString()),
                "the broker came from the installation: " + runJson);
    }
}
