package io.kchaos.harness.bugs;

import io.kchaos.harness.compare.FakeRunFolder;
import io.kchaos.harness.matrix.RunLauncher;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.report.bugs.BugCell;
import io.kchaos.report.bugs.Exposure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pack's answers from planted run folders (a fake launcher writes each try's folder, no cluster): exposed from the
 * named anomaly, safe, inconclusive for each reason, and not applicable without a run; then the table and exit code.
 */
class BugRunnerTest {
    private static final KafkaVersion V391 = KafkaVersion.parse("3.9.1");
    private static final KafkaVersion V440 = KafkaVersion.parse("4.4.0");
    private static final String CATALOGUE = "{\"bugs\":[{\"id\":\"KIP-966\",\"title\":\"last replica standing\",\"kind\":\"bug\","
            + "\"link\":\"https://kip\",\"affected\":[\"(,4.1.0)\"],\"fixed-in\":\"4.1.0\",\"confirm-fixed\":[\"[4.1.0,)\"],"
            + "\"scenario\":\"last-replica-standing\",\"options\":[\"--rate\",\"100\"],\"anomalies\":[\"lost-write\",\"acked-write-missing-on-replica\"],"
            + "\"tries\":3,\"budget-seconds\":400},"
            + "{\"id\":\"KAFKA-16541\",\"title\":\"empty epoch file\",\"kind\":\"bug\",\"link\":\"https://jira\",\"affected\":[\"[3.7.0,3.8.0)\"],"
            + "\"fixed-in\":\"3.8.0\",\"scenario\":\"epoch-checkpoint-crash\",\"anomalies\":[\"epoch-entries-missing\"],\"tries\":3,\"budget-seconds\":600,"
            + "\"seed\":31},"
            + "{\"id\":\"KAFKA-17754\",\"title\":\"stale EndTxn\",\"kind\":\"bug\",\"link\":\"https://jira2\",\"affected\":[\"(,4.0.0)\"],"
            + "\"fixed-in\":\"4.0.0\",\"cannot-judge\":\"no anomaly shows it yet\"}]}";
    private static final List<KnownBug> BUGS = BugCatalogue.parse(CATALOGUE, "planted.json");
    private static final KnownBug KIP966 = BUGS.get(0);

    @TempDir
    Path dir;

    private final List<List<String>> launches = new ArrayList<>();
    private long now;

    /** Try n writes a run folder with {@code perTry.get(n - 1)} as its anomalies; null plants a run that left no folder. */
    private RunLauncher fake(List<Map<String, Long>> perTry, long secondsPerRun) {
        return args -> {
            launches.add(args);
            now += secondsPerRun * 1_000_000_000L;
            Map<String, Long> anomalies = perTry.get(launches.size() - 1);
            if (anomalies == null) return 2;
            String name = args.get(args.indexOf("--name") + 1);
            FakeRunFolder.write(dir.resolve("20261201T00000" + launches.size() + "-" + name), "x", Map.of(), anomalies, FakeRunFolder.sends(4, 5, "ok"));
            return anomalies.isEmpty() ? 0 : 1;
        };
    }

    private BugVerdict run(KnownBug bug, KafkaVersion v, long secondsPerRun, List<Map<String, Long>> perTry) throws Exception {
        BugRunner runner = new BugRunner(dir, 5L, fake(perTry, secondsPerRun), new PrintStream(new ByteArrayOutputStream()), () -> now);
        return runner.run(bug, v);
    }

    @Test
    void exposedAtTheFirstRunWithTheNamedAnomalyAndNoFurtherTries() throws Exception {
        BugVerdict b = run(KIP966, V391, 100, List.of(Map.of(), Map.of("acked-write-missing-on-replica", 1760L, "lost-write", 880L), Map.of()));
        assertEquals(Exposure.EXPOSED, b.exposure());
        assertEquals(2, launches.size(), "stops at the first exposure");
        assertTrue(b.why().matches("lost-write 880, acked-write-missing-on-replica 1760 in 20261201T000002-KIP-966-3\\.9\\.1-r2 \\(try 2 of 3\\)"), b.why());
        assertEquals(List.of("--scenario", "last-replica-standing", "--store", dir.toString(), "--name", "KIP-966-3.9.1-r2", "--seed", "6",
                "--rate", "100", "--kafka-version", "3.9.1"), launches.get(1), "the entry's options, then the release");
        assertTrue(b.met());
        assertEquals(200, b.seconds(), 1e-9);
    }

    @Test
    void safeOnAFixedReleaseWhenEveryTryIsFreeOfAnomalies() throws Exception {
        BugVerdict b = run(KIP966, V440, 100, List.of(Map.of(), Map.of(), Map.of()));
        assertEquals(Exposure.SAFE, b.exposure());
        assertEquals(3, launches.size());
        assertTrue(b.why().startsWith("no anomaly in 3 of 3 tries (last: 20261201T000003-KIP-966-4.4.0-r3)"), b.why());
    }

    @Test
    void inconclusiveWhenTheAnomalyStaysAbsentOnAnAffectedRelease() throws Exception {
        BugVerdict b = run(KIP966, V391, 100, List.of(Map.of(), Map.of("duplicate", 3L), Map.of()));
        assertEquals(Exposure.INCONCLUSIVE, b.exposure());
        assertEquals("lost-write, acked-write-missing-on-replica absent in 3 of 3 tries on an affected release; other anomalies only: duplicate 3 "
                + "(last: 20261201T000003-KIP-966-3.9.1-r3)", b.why());
        assertTrue(!b.met());
    }

    @Test
    void inconclusiveWhenOtherAnomaliesOnlyOnAFixedRelease() throws Exception {
        BugVerdict b = run(KIP966, V440, 100, List.of(Map.of(), Map.of("inconsistent-offsets", 2L), Map.of()));
        assertEquals(Exposure.INCONCLUSIVE, b.exposure());
        assertTrue(b.why().contains("other anomalies only: inconsistent-offsets 2"), b.why());
    }

    /** A fixed release's try whose faults never held is no evidence of safety. */
    @Test
    void inconclusiveWhenATryHeldNoFault() throws Exception {
        RunLauncher launcher = fake(List.of(Map.of(), Map.of(), Map.of()), 100);
        BugRunner runner = new BugRunner(dir, 5L, args -> {
            int exit = launcher.launch(args);
            if (launches.size() == 2) {
                try (var s = java.nio.file.Files.list(dir)) {
                    FakeRunFolder.noFaultHeld(s.filter(p -> p.getFileName().toString().endsWith("-r2")).findFirst().orElseThrow());
                }
            }
            return exit;
        }, new PrintStream(new ByteArrayOutputStream()), () -> now);
        BugVerdict b = runner.run(KIP966, V440);
        assertEquals(Exposure.INCONCLUSIVE, b.exposure());
        assertEquals("1 of 3 tries held no fault, so nothing was tested (try 2: 20261201T000002-KIP-966-4.4.0-r2)", b.why());
    }

    /**
     * An entry that names its hazard (a figure of the run's stats): a fixed release's valid try that never met it is no
     * evidence of safety; one that met it is.
     */
    @Test
    void inconclusiveWhenAValidTryNeverMetTheHazardTheEntryNames() throws Exception {
        KnownBug withHazard = BugCatalogue.parse(CATALOGUE.replace("\"tries\":3,\"budget-seconds\":400}",
                "\"tries\":2,\"budget-seconds\":400,\"hazard\":\"txn.producers.ends-across-coordinator-kill\"}"), "planted.json").get(0);
        RunLauncher launcher = fake(List.of(Map.of(), Map.of()), 100);
        BugRunner runner = new BugRunner(dir, 5L, args -> {
            int exit = launcher.launch(args);
            if (launches.size() == 1) {
                try (var s = java.nio.file.Files.list(dir)) {
                    Path results = s.filter(p -> p.getFileName().toString().endsWith("-r1")).findFirst().orElseThrow().resolve("results.json");
                    java.nio.file.Files.writeString(results, java.nio.file.Files.readString(results).replace("\"stats\":{",
                            "\"stats\":{\"txn\":{\"producers\":{\"ends-across-coordinator-kill\":1}},"));
                }
            }
            return exit;
        }, new PrintStream(new ByteArrayOutputStream()), () -> now);
        BugVerdict b = runner.run(withHazard, V440);
        assertEquals(Exposure.INCONCLUSIVE, b.exposure(), "try 1 met it, try 2 did not: " + b.why());
        assertEquals("1 of 2 valid tries never met the bug's conditions (stats.txn.producers.ends-across-coordinator-kill 0), so nothing "
                + "was tested (try 2: 20261201T000002-KIP-966-4.4.0-r2)", b.why());

        assertEquals(1, withHazard.hazardCount(io.kchaos.history.Json.MAPPER.readTree("{\"txn\":{\"producers\":{\"ends-across-coordinator-kill\":1}}}")));
        assertEquals(0, withHazard.hazardCount(io.kchaos.history.Json.MAPPER.readTree("{\"txn\":{}}")));
        assertEquals(-1, KIP966.hazardCount(io.kchaos.history.Json.MAPPER.readTree("{}")), "no hazard named");
    }

    @Test
    void inconclusiveWhenARunCouldNotBeJudged() throws Exception {
        List<Map<String, Long>> perTry = new ArrayList<>();
        perTry.add(Map.of());
        perTry.add(null);
        perTry.add(Map.of());
        BugVerdict b = run(KIP966, V440, 100, perTry);
        assertEquals(Exposure.INCONCLUSIVE, b.exposure());
        assertEquals("1 of 3 runs could not be judged (try 2: exit 2, no run folder)", b.why());
    }

    @Test
    void theBudgetStopsTriesThatWouldNotFit() throws Exception {
        BugVerdict b = run(KIP966, V440, 150, List.of(Map.of(), Map.of(), Map.of()));
        assertEquals(2, launches.size(), "after two tries of 150 s a third would end past 400 s");
        assertEquals(Exposure.INCONCLUSIVE, b.exposure());
        assertTrue(b.why().endsWith("the budget of 400 s was spent before the remaining tries"), b.why());
    }

    @Test
    void notApplicableAndCannotJudgeAreDecidedWithoutARun() throws Exception {
        BugVerdict na = run(BUGS.get(1), V391, 100, List.of());
        assertEquals(Exposure.NOT_APPLICABLE, na.exposure());
        assertEquals("not applicable: fixed in 3.8.0; only affects 3.7.0 up to 3.8.0 (excluded)", na.why());
        BugVerdict cj = run(BUGS.get(2), V391, 100, List.of());
        assertEquals(Exposure.INCONCLUSIVE, cj.exposure());
        assertEquals("no anomaly shows it yet", cj.why());
        assertTrue(cj.met(), "the catalogue expects it");
        BugVerdict fixed = run(BUGS.get(2), V440, 100, List.of());
        assertEquals(Exposure.NOT_APPLICABLE, fixed.exposure());
        assertEquals("not applicable: fixed in 4.0.0; only affects before 4.0.0", fixed.why(), "3.7-3.9 are runnable: no note why it cannot be judged");
        assertEquals(0, launches.size(), "no run");
        assertNull(na.evidence());
    }

    @Test
    void theSideBySideTableAndTheExitCode() throws Exception {
        List<BugVerdict> vs = new ArrayList<>();
        vs.add(run(KIP966, V391, 100, List.of(Map.of("lost-write", 880L))));
        launches.clear();
        vs.add(run(KIP966, V440, 100, List.of(Map.of(), Map.of(), Map.of())));
        vs.add(run(BUGS.get(1), V391, 0, List.of()));
        vs.add(run(BUGS.get(1), V440, 0, List.of()));
        BugsResult r = new BugsResult("kchaos bugs", List.of(V391, V440), vs);
        String t = r.table();
        assertTrue(t.startsWith("""
                bug          kind  Kafka 3.9.1     Kafka 4.4.0
                KIP-966      bug   exposed         safe
                KAFKA-16541  bug   not applicable  not applicable
                why:
                  KIP-966 on 3.9.1: exposed — lost-write 880 in 20261201T000001-KIP-966-3.9.1-r1 (try 1 of 3)
                  KIP-966 on 4.4.0: safe — no anomaly in 3 of 3 tries (last: 20261201T000003-KIP-966-4.4.0-r3)
                  KAFKA-16541 on 3.9.1: not applicable: fixed in 3.8.0; only affects 3.7.0 up to 3.8.0 (excluded)
                """), t);
        assertTrue(t.contains("every answer as the catalogue's ranges expect (4 of 4)"), t);
        assertTrue(t.contains("answers: 1 exposed, 1 safe, 2 not applicable, 0 inconclusive"), t);
        assertTrue(t.contains("time per release: 3.9.1 100 s, 4.4.0 300 s"), t);
        assertEquals(0, r.exitCode(), "every answer as the catalogue expects: exposed where affected, safe where fixed");
        assertEquals(0, new BugsResult("c", List.of(V440), vs.subList(1, 2)).exitCode());
        List<BugCell> cells = r.cells(dir);
        assertEquals("KIP-966 on 3.9.1", cells.get(0).name());
        assertEquals(Exposure.EXPOSED, cells.get(0).expected());
        assertEquals("4.4.0", r.toJson(dir).path("answers").get(1).path("release").asText());
        assertEquals("safe", r.toJson(dir).path("answers").get(1).path("answer").asText());
        assertTrue(r.toJson(dir).path("answers").get(0).path("runs").get(0).path("dir").asText().endsWith("-KIP-966-3.9.1-r1"));
    }

    @Test
    void anAnswerThatContradictsItsEntryExitsOneAndSaysWhatWasExpected() throws Exception {
        BugVerdict exposedWhereFixed = run(KIP966, V440, 100, List.of(Map.of("acked-write-missing-on-replica", 3L)));
        launches.clear();
        BugVerdict exposedWhereAffected = run(KIP966, V391, 100, List.of(Map.of("lost-write", 2L)));
        BugVerdict cannotJudge = run(BUGS.get(2), V391, 100, List.of());
        BugVerdict notApplicable = run(BUGS.get(2), V440, 100, List.of());
        BugsResult r = new BugsResult("kchaos bugs", List.of(V391, V440), List.of(exposedWhereAffected, cannotJudge, exposedWhereFixed, notApplicable));
        assertTrue(exposedWhereFixed.contradicts());
        assertEquals(1, r.exitCode(), "4.4.0 is in confirm-fixed and came out exposed");
        String t = r.table();
        assertEquals(List.of("CONTRADICTS THE CATALOGUE: KIP-966 on 4.4.0: expected safe, got exposed"),
                t.lines().filter(l -> l.contains("expected safe, got")).toList(), t);
        assertEquals(0, new BugsResult("c", List.of(V391), List.of(exposedWhereAffected, cannotJudge)).exitCode(),
                "exposed where affected and inconclusive where the entry cannot be judged: both as expected");
        assertEquals(1, r.toJson(dir).path("exit-code").asInt());
    }

    @Test
    void anInconclusiveAnswerTheEntryDidNotExpectExitsTwo() throws Exception {
        BugVerdict absent = run(KIP966, V391, 10, List.of(Map.of(), Map.of(), Map.of()));
        assertEquals(Exposure.INCONCLUSIVE, absent.exposure(), "the anomaly stayed absent on an affected release");
        assertTrue(!absent.met() && !absent.contradicts());
        BugsResult r = new BugsResult("kchaos bugs", List.of(V391), List.of(absent));
        assertEquals(2, r.exitCode());
        assertTrue(r.table().contains("UNDECIDED: KIP-966 on 3.9.1: expected exposed, got inconclusive\n"), r.table());
    }

    @Test
    void aSafeAnswerWhereTheEntryExpectsExposedContradictsIt() {
        BugVerdict safe = new BugVerdict(KIP966, V391, Exposure.SAFE, "planted", List.of(), null, 0);
        assertTrue(safe.contradicts());
        assertEquals("KIP-966 on 3.9.1: expected exposed, got safe", safe.mismatch());
        assertEquals(1, new BugsResult("c", List.of(V391), List.of(safe)).exitCode());
    }
}
