package io.kchaos.bench.suite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench/suite-costs} on small planted Failsafe and Surefire reports: the table, its totals, and bad input. */
class SuiteCostsTest {
    @TempDir
    Path root;

    @Test
    void classesAreSortedByTimeWithTotalsPerKindAndTheBudgetShare() throws IOException {
        plant("harness", Kind.CLUSTER, "io.kchaos.harness.run.SlowRunTest", suite("io.kchaos.harness.run.SlowRunTest", "630.0", 2, 0, 0, 0));
        plant("backends/local", Kind.CLUSTER, "io.kchaos.backend.local.FastClusterTest",
                suite("io.kchaos.backend.local.FastClusterTest", "420.25", 1, 0, 0, 0));
        plant("checker", Kind.UNIT, "io.kchaos.checker.QueueCheckerTest", suite("io.kchaos.checker.QueueCheckerTest", "1.5", 40, 0, 0, 0));

        Output run = run();

        assertEquals(0, run.code, run.err);
        assertEquals(List.of(
                "| class | module | kind | tests | failed | skipped | seconds |",
                "|---|---|---|---:|---:|---:|---:|",
                "| SlowRunTest | harness | cluster | 2 | 0 | 0 | 630.0 |",
                "| FastClusterTest | backends/local | cluster | 1 | 0 | 0 | 420.3 |",
                "| QueueCheckerTest | checker | unit | 40 | 0 | 0 | 1.5 |",
                "",
                "| kind | classes | tests | failed | skipped | seconds | minutes | share of the 35-min budget |",
                "|---|---:|---:|---:|---:|---:|---:|---:|",
                "| cluster | 2 | 3 | 0 | 0 | 1050.3 | 17.5 | 50 % |",
                "| unit | 1 | 40 | 0 | 0 | 1.5 | 0.0 | 0 % |",
                "| all | 3 | 43 | 0 | 0 | 1051.8 | 17.5 | 50 % |"), run.out.subList(0, 11));
        assertTrue(run.out.get(12).startsWith("Times are the reports' own"), run.out.get(12));
    }

    @Test
    void failuresAndErrorsAreCountedTogether() throws IOException {
        plant("harness", Kind.CLUSTER, "a.RedTest", suite("a.RedTest", "10", 5, 2, 1, 0));

        Output run = run("--cluster-only");

        assertEquals(0, run.code, run.err);
        assertTrue(run.out.contains("| RedTest | harness | cluster | 5 | 3 | 0 | 10.0 |"), run.out.toString());
        assertTrue(run.out.contains("| all | 1 | 5 | 3 | 0 | 10.0 | 0.2 | 0 % |"), run.out.toString());
    }

    @Test
    void aSkippedClassIsListedWithItsSkips() throws IOException {
        plant("harness", Kind.CLUSTER, "a.DockerRunTest", suite("a.DockerRunTest", "0.012", 3, 0, 0, 3));

        Output run = run();

        assertEquals(0, run.code, run.err);
        assertTrue(run.out.contains("| DockerRunTest | harness | cluster | 3 | 0 | 3 | 0.0 |"), run.out.toString());
    }

    @Test
    void withoutASuiteTimeTheTestcaseTimesAreSummed() throws IOException {
        plant("nemesis", Kind.CLUSTER, "a.NoSuiteTimeTest", """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="a.NoSuiteTimeTest">
                  <testcase name="one" classname="a.NoSuiteTimeTest" time="12.5"/>
                  <testcase name="two" classname="a.NoSuiteTimeTest" time="7.5"><failure message="x">boom</failure></testcase>
                  <testcase name="three" classname="a.NoSuiteTimeTest" time="0"><skipped/></testcase>
                </testsuite>
                """);

        Output run = run();

        assertEquals(0, run.code, run.err);
        assertTrue(run.out.contains("| NoSuiteTimeTest | nemesis | cluster | 3 | 1 | 1 | 20.0 |"), run.out.toString());
    }

    @Test
    void clusterOnlyLeavesTheUnitTestsOutAndTsvSeparatesByTabs() throws IOException {
        plant("harness", Kind.CLUSTER, "a.BigClusterTest", suite("a.BigClusterTest", "100", 1, 0, 0, 0));
        plant("harness", Kind.UNIT, "a.SmallUnitTest", suite("a.SmallUnitTest", "2", 9, 0, 0, 0));

        Output run = run("--cluster-only", "--tsv");

        assertEquals(0, run.code, run.err);
        assertEquals("class\tmodule\tkind\ttests\tfailed\tskipped\tseconds", run.out.get(0));
        assertEquals("BigClusterTest\tharness\tcluster\t1\t0\t0\t100.0", run.out.get(1));
        assertFalse(run.out.stream().anyMatch(l -> l.contains("SmallUnitTest") || l.startsWith("unit")), run.out.toString());
        assertFalse(run.out.stream().anyMatch(l -> l.contains("|")), run.out.toString());
    }

    @Test
    void reportsOutsideATargetsReportFoldersAreNotRead() throws IOException {
        plant("harness", Kind.CLUSTER, "a.RealTest", suite("a.RealTest", "1", 1, 0, 0, 0));
        Path stray = root.resolve(".git/target/failsafe-reports/TEST-a.HiddenTest.xml");
        Files.createDirectories(stray.getParent());
        Files.writeString(stray, "not xml");

        Output run = run();

        assertEquals(0, run.code, run.err);
        assertEquals(1, run.out.stream().filter(l -> l.contains("Test |")).count(), run.out.toString());
    }

    @Test
    void aRootThatIsItselfAModuleNamesItAfterItsFolder() throws IOException {
        Path module = root.resolve("harness");
        plant("harness", Kind.CLUSTER, "a.OwnTest", suite("a.OwnTest", "3", 1, 0, 0, 0));

        Output run = run(module.toString());

        assertEquals(0, run.code, run.err);
        assertTrue(run.out.contains("| OwnTest | harness | cluster | 1 | 0 | 0 | 3.0 |"), run.out.toString());
    }

    @Test
    void malformedXmlIsOneLineAndExit2() throws IOException {
        plant("harness", Kind.CLUSTER, "a.GoodTest", suite("a.GoodTest", "1", 1, 0, 0, 0));
        plant("harness", Kind.CLUSTER, "a.BrokenTest", "<?xml version=\"1.0\"?><testsuite name=\"a.BrokenTest\" time=\"1\"><testcase");

        Output run = run();

        assertBad(run, "TEST-a.BrokenTest.xml: not well-formed XML (line 1");
    }

    @Test
    void anXmlFileThatIsNotATestReportIsRefused() throws IOException {
        plant("harness", Kind.CLUSTER, "a.OtherTest", "<failsafe-summary result=\"0\"/>");

        assertBad(run(), "not a test report (its root is <failsafe-summary>");
    }

    @Test
    void aTimeThatIsNotANumberIsRefused() throws IOException {
        plant("harness", Kind.UNIT, "a.OddTest", suite("a.OddTest", "soon", 1, 0, 0, 0));

        assertBad(run(), "time=\"soon\" is not a number of seconds");
    }

    @Test
    void noReportsIsOneLineAndExit2() {
        assertBad(run(), "no TEST-*.xml in any module's");
    }

    @Test
    void clusterOnlyWithOnlyUnitReportsFindsNothing() throws IOException {
        plant("harness", Kind.UNIT, "a.SmallUnitTest", suite("a.SmallUnitTest", "2", 9, 0, 0, 0));

        assertBad(run("--cluster-only"), "no TEST-*.xml in any module's target/failsafe-reports under");
    }

    @Test
    void anUnknownOptionIsRefusedWithTheUsage() {
        assertBad(run("--html"), "unexpected argument --html; usage: bench/suite-costs");
    }

    @Test
    void aRootThatIsNotAFolderIsRefused() {
        Output run = run(root.resolve("missing").toString());

        assertEquals(2, run.code);
        assertTrue(run.err.contains("missing is not a folder"), run.err);
    }

    @Test
    void phasesSumEachClassRunsStartUpsAndEndStepsFromItsOutput() throws IOException {
        plant("harness", Kind.CLUSTER, "a.TwoRunsTest", suite("a.TwoRunsTest", "100", 2, 0, 0, 0));
        plant("harness", Kind.CLUSTER, "a.QuietTest", suite("a.QuietTest", "5", 1, 0, 0, 0));
        Files.writeString(root.resolve("harness/target/failsafe-reports/a.TwoRunsTest-output.txt"), String.join("\n",
                "starting 3-node Kafka 4.4.0 cluster", "cluster ready in 7.5 s: 127.0.0.1:1",
                "end of run: heal 0.5 s, workload-stop 1.0 s, full-isr 2.0 s, drain 1.5 s, clean-stop 1.0 s, check 1.0 s",
                "cluster ready in 8.5 s: 127.0.0.1:2", "end of run: heal 0.5 s, full-isr 10.0 s, drain 0.5 s, clean-stop 1.0 s, check 2.0 s", ""));

        Output run = run("--phases");

        assertEquals(0, run.code, run.err);
        assertEquals(List.of(
                "| class | runs | start s | heal s | workload-stop s | full-isr s | drain s | clean-stop s | check s | together s |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
                "| TwoRunsTest | 2 | 16.0 | 1.0 | 1.0 | 12.0 | 2.0 | 2.0 | 3.0 | 37.0 |"), run.out, "a class that printed no phase is left out");
        assertBad(run("--phases", root.resolve("harness/target/failsafe-reports").toString()), "no TEST-*.xml");
    }

    @Test
    void phasesWithoutAnyRunPrintedIsOneLine() throws IOException {
        plant("harness", Kind.CLUSTER, "a.QuietTest", suite("a.QuietTest", "5", 1, 0, 0, 0));
        assertBad(run("--phases"), "holds a run's phases");
    }

    private static void assertBad(Output run, String expected) {
        assertEquals(2, run.code, run.out.toString());
        assertTrue(run.out.isEmpty(), run.out.toString());
        assertEquals(1, run.err.lines().count(), run.err);
        assertTrue(run.err.startsWith("suite-costs: ") && run.err.contains(expected), run.err);
    }

    private static String suite(String name, String time, int tests, int failures, int errors, int skipped) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="%s" time="%s" tests="%d" errors="%d" skipped="%d" failures="%d">
                  <properties><property name="java.version" value="17"/></properties>
                  <testcase name="t" classname="%s" time="%s"/>
                </testsuite>
                """.formatted(name, time, tests, errors, skipped, failures, name, time);
    }

    private void plant(String module, Kind kind, String className, String xml) throws IOException {
        Path file = root.resolve(module).resolve("target").resolve(kind.reportFolder()).resolve("TEST-" + className + ".xml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, xml);
    }

    private Output run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SuiteCosts.run(args, root, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String printed = out.toString(StandardCharsets.UTF_8);
        return new Output(code, printed.isEmpty() ? List.of() : printed.lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    private record Output(int code, List<String> out, String err) {
    }
}
