package io.kchaos.harness.compare;

import io.kchaos.checker.result.Verdict;
import io.kchaos.harness.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** compare: figures from the folders, and what it flags as worse (negative control: an identical run flags nothing). */
class ComparisonTest {

    private static Comparison.Row row(Comparison c, String label) {
        return c.rows().stream().filter(r -> r.label().equals(label)).findFirst().orElseThrow(() -> new AssertionError("no row " + label));
    }

    @Test
    void figuresComeFromTheHistory(@TempDir Path dir) throws Exception {
        List<Object[]> sends = new ArrayList<>(FakeRunFolder.sends(98, 10, "ok"));
        sends.addAll(FakeRunFolder.sends(1, 500, "ok"));
        sends.addAll(FakeRunFolder.sends(1, 1, "refused"));
        RunSummary s = RunSummary.load(FakeRunFolder.write(dir.resolve("a"), "4.1.1", Map.of(), Map.of(), sends));
        assertEquals(Verdict.VALID, s.verdict());
        assertEquals(99, s.sends().ok());
        assertEquals(1, s.sends().refused());
        assertEquals(0.99, s.sends().availability(), 1e-9);
        assertEquals(10.0, s.sends().latencyMillis(50), 0.05);
        assertEquals(500.0, s.sends().latencyMillis(99.5), 0.5);
        assertEquals(1.5, s.longestNoAckSeconds());
    }

    @Test
    void worseCorrectnessAndSlowerSendsAreFlagged(@TempDir Path dir) throws Exception {
        Path a = FakeRunFolder.write(dir.resolve("a"), "3.9.1", Map.of("min.insync.replicas", "2"), Map.of(), FakeRunFolder.sends(100, 10, "ok"));
        Path b = FakeRunFolder.write(dir.resolve("b"), "4.1.1", Map.of("min.insync.replicas", "1"), Map.of("lost-write", 3L),
                FakeRunFolder.sends(100, 40, "ok"));
        Comparison c = new Comparison(RunSummary.load(a), RunSummary.load(b));
        assertTrue(c.correctnessWorse());
        assertTrue(row(c, "verdict").worse());
        assertEquals("0", row(c, "lost-write").a());
        assertEquals("3", row(c, "lost-write").b());
        assertTrue(row(c, "lost-write").worse());
        assertTrue(row(c, "latency p50 (ms)").worse(), "4x slower");
        assertTrue(row(c, "throughput (acks/s)").worse(), "4x fewer acks per second");
        assertEquals("2", row(c, "min.insync.replicas").a(), "configuration differences are listed");
        assertEquals("4.1.1", row(c, "kafka-version").b());

        Comparison reverse = new Comparison(RunSummary.load(b), RunSummary.load(a));
        assertFalse(reverse.correctnessWorse(), "fewer anomalies is better, not worse");
        assertFalse(reverse.anyWorse());
    }

    @Test
    void anIdenticalRunFlagsNothing(@TempDir Path dir) throws Exception {
        Path a = FakeRunFolder.write(dir.resolve("a"), "4.1.1", Map.of(), Map.of("lost-write", 2L), FakeRunFolder.sends(50, 10, "ok"));
        Path b = FakeRunFolder.write(dir.resolve("b"), "4.1.1", Map.of(), Map.of("lost-write", 2L), FakeRunFolder.sends(50, 10, "ok"));
        Comparison c = new Comparison(RunSummary.load(a), RunSummary.load(b));
        assertFalse(c.anyWorse(), c.render());
    }

    @Test
    void commandExitsOneOnlyWhenCorrectnessGotWorse(@TempDir Path dir) throws Exception {
        Path a = FakeRunFolder.write(dir.resolve("a"), "4.1.1", Map.of(), Map.of(), FakeRunFolder.sends(20, 10, "ok"));
        Path b = FakeRunFolder.write(dir.resolve("b"), "4.1.1", Map.of(), Map.of("duplicate", 1L), FakeRunFolder.sends(20, 10, "ok"));
        Path out = dir.resolve("compare.json");
        StringWriter err = new StringWriter();
        assertEquals(1, Main.execute(new PrintWriter(err, true), "compare", a.toString(), b.toString(), "--out", out.toString()));
        assertTrue(Files.readString(out).contains("\"correctness-worse\" : true"), Files.readString(out));
        assertEquals(0, Main.execute(new PrintWriter(err, true), "compare", b.toString(), a.toString()));
        assertEquals(2, Main.execute(new PrintWriter(err, true), "compare", a.toString(), dir.resolve("nope").toString()));
        assertTrue(err.toString().contains("kchaos: run folder not found"), err.toString());
    }

    @Test
    void anUpgradeRunShowsItsPathAsItsKafkaVersion(@TempDir Path dir) throws Exception {
        Path a = FakeRunFolder.write(dir.resolve("a"), "3.9.1", Map.of(), Map.of(), FakeRunFolder.sends(20, 10, "ok"));
        Path b = FakeRunFolder.write(dir.resolve("b"), "3.9.1", Map.of(), Map.of(), FakeRunFolder.sends(20, 10, "ok"));
        var run = (com.fasterxml.jackson.databind.node.ObjectNode) io.kchaos.history.Json.MAPPER.readTree(b.resolve("run.json").toFile());
        run.putObject("upgrade").put("from", "3.9.1").put("to", "4.1.1").put("finalize", true);
        io.kchaos.history.Json.MAPPER.writeValue(b.resolve("run.json").toFile(), run);
        Comparison c = new Comparison(RunSummary.load(a), RunSummary.load(b));
        assertTrue(c.rows().stream().anyMatch(r -> r.label().equals("kafka-version") && r.a().equals("3.9.1") && r.b().equals("3.9.1 -> 4.1.1")),
                c.render());
    }
}
