package io.kchaos.harness.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.harness.compare.FakeRunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Expectations and the matrix's exit code, on run folders a fake launcher writes (no cluster). */
class MatrixTest {
    private final List<MatrixAxis> axes = List.of(MatrixAxis.parse("min.insync.replicas=1,2"), MatrixAxis.parse("acks=1,all"));
    private final List<MatrixCellSpec> cells = MatrixCellSpec.grid(axes);

    private Expectation expect(String text) {
        return Expectation.parse(text, axes, cells);
    }

    private static String refusal(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void expectationsParseAndSelectCells() {
        Expectation e = expect("min.insync.replicas=2,acks=all:valid");
        assertEquals(List.of("c04"), cells.stream().filter(e::selects).map(MatrixCellSpec::id).toList());
        assertEquals(2, cells.stream().filter(expect("producer.acks=1:lost-write")::selects).count(), "a prefixed key names the same axis");
        assertEquals(4, cells.stream().filter(expect("*:invalid")::selects).count());
        assertTrue(refusal(() -> expect("min.insync.replicas=2")).contains("must look like"));
        assertTrue(refusal(() -> expect("retries=0:valid")).contains("no --set or --kafka-version varies 'retries'"));
        assertTrue(refusal(() -> expect("min.insync.replicas=3:valid")).contains("matches no cell"));
        assertTrue(refusal(() -> expect("acks=all:VALID!")).contains("must be valid, invalid or an anomaly type"));
        String unknown = refusal(() -> expect("acks=1:lost-writes"));
        assertTrue(unknown.contains("'lost-writes'") && unknown.contains("lost-write,") && !unknown.contains("\n"),
                "an anomaly key the catalogue does not know is one line naming the known ones: " + unknown);
        assertEquals("torn-txn", expect("*:torn-txn").outcome(), "every catalogue key is an outcome");
        assertTrue(refusal(() -> MatrixAxis.parse("acks")).contains("KEY=VALUE"));
        assertTrue(refusal(() -> MatrixAxis.parse("acks=1,,all")).contains("empty value"));
    }

    /** Writes a run folder per launch: anomalies for acks=1 cells, a crash (no folder, exit 2) when told to. */
    private static RunLauncher fake(Path matrixDir, boolean crashMinIsr2) {
        int[] n = {0};
        return args -> {
            String name = args.get(args.indexOf("--name") + 1);
            boolean acks1 = args.contains("acks=1");
            if (crashMinIsr2 && args.contains("min.insync.replicas=2")) return 2;
            Map<String, Long> anomalies = acks1 ? Map.of("lost-write", 4L) : Map.of();
            FakeRunFolder.write(matrixDir.resolve("20260101T00000" + (n[0]++) + "-" + name), "4.1.1", Map.of(), anomalies,
                    FakeRunFolder.sends(10, 5, "ok"));
            return acks1 ? 1 : 0;
        };
    }

    private MatrixResult run(Path dir, boolean crash, int repeat, String... expectations) throws Exception {
        List<Expectation> es = new ArrayList<>();
        for (String e : expectations) es.add(expect(e));
        MatrixRunner runner = new MatrixRunner(dir, "s", List.of("--time-limit", "5"), 7L, repeat, fake(dir, crash),
                new PrintStream(new ByteArrayOutputStream()));
        return new MatrixResult("kchaos matrix", new MatrixGrid("s", repeat, 7L, List.of("--time-limit", "5"), axes, es), runner.run(cells));
    }

    @Test
    void aValidExpectationOnACellWithAnomaliesExitsOne(@TempDir Path dir) throws Exception {
        MatrixResult r = run(dir, false, 2, "acks=1:valid");
        assertEquals(1, r.exitCode());
        assertEquals(2, r.cells().get(0).runsWith("lost-write"), "both repeats of c01 lost writes");
        assertEquals(8, r.cells().get(0).total("lost-write"));
        assertTrue(r.table().contains("c01 UNMET: expected valid, 2 of 2 runs had anomalies [lost-write]"), r.table());
        assertTrue(r.toJson(dir).path("cells").get(0).path("runs").get(1).path("dir").asText().endsWith("-c01-r2"));
    }

    @Test
    void metExpectationsExitZero(@TempDir Path dir) throws Exception {
        MatrixResult r = run(dir, false, 1, "acks=all:valid", "acks=1:lost-write", "acks=1:invalid");
        assertEquals(0, r.exitCode(), r.table());
        assertEquals(1.0, r.cells().get(1).availability());
    }

    @Test
    void anUnjudgedRunExitsTwoUnlessAnExpectationFailed(@TempDir Path dir) throws Exception {
        MatrixResult r = run(dir, true, 1, "acks=all:valid");
        assertEquals(1, r.cells().get(3).unknown());
        assertEquals(2, r.exitCode(), "min.insync.replicas=2 runs crashed: could not judge");
        MatrixResult failed = run(dir.resolve("x"), true, 1, "acks=1:valid");
        assertEquals(1, failed.exitCode());
    }

    /** A valid run none of whose faults held is counted apart: an expectation of valid is unmet, of invalid says why. */
    @Test
    void aRunWhoseFaultsNeverHeldIsNotCountedValid(@TempDir Path dir) throws Exception {
        RunLauncher idle = args -> {
            String name = args.get(args.indexOf("--name") + 1);
            FakeRunFolder.noFaultHeld(FakeRunFolder.write(dir.resolve("20260101T000000-" + name), "4.4.0", Map.of(), Map.of(),
                    FakeRunFolder.sends(10, 5, "ok")));
            return 0;
        };
        MatrixRunner runner = new MatrixRunner(dir, "s", List.of(), 7L, 1, idle, new PrintStream(new ByteArrayOutputStream()));
        List<Expectation> es = List.of(expect("acks=all:valid"), expect("acks=1:invalid"));
        MatrixResult r = new MatrixResult("kchaos matrix", new MatrixGrid("s", 1, 7L, List.of(), axes, es), runner.run(cells));
        CellOutcome c = r.cells().get(0);
        assertEquals(0, c.valid());
        assertEquals(1, c.unexercised());
        assertEquals(1, r.exitCode(), r.table());
        assertTrue(r.table().contains("UNMET: expected valid, but no run's faults held (1 of 1 runs held no fault): nothing was tested"), r.table());
        assertTrue(r.table().contains("UNMET: expected invalid, no run had an anomaly (1 of 1 runs held no fault)"), r.table());
        JsonNode cell = r.toJson(dir).path("cells").get(0);
        assertEquals(1, cell.path("summary").path("unexercised").asInt());
        assertEquals(0, cell.path("runs").get(0).path("faults-injected").asInt(-1));
        MatrixPageWriter.write(dir, r);
        assertTrue(java.nio.file.Files.readString(dir.resolve("matrix.html")).contains("(no fault held)"), "the page marks the run");
    }

    @Test
    void eachRepeatGetsItsOwnNameAndSeed(@TempDir Path dir) {
        MatrixRunner runner = new MatrixRunner(dir, "isr-shrink-unclean", List.of("--time-limit", "5"), 100L, 3, a -> 0, System.out);
        List<String> args = runner.args(cells.get(2), 3);
        assertEquals(List.of("--scenario", "isr-shrink-unclean", "--store", dir.toString(), "--name", "c03-r3", "--seed", "102",
                "--time-limit", "5", "--broker-config", "min.insync.replicas=2", "--producer-config", "acks=1"), args);
    }
}
