package io.kchaos.harness.layering;

import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.RunFields;
import io.kchaos.testkit.GeneratedBlocks;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The field names of run.json and results.json live in one place, {@link RunFields} and {@link ResultsFields}: no main
 * source outside {@code io.kchaos.history.folder} spells one as a literal where it handles that file, and no source
 * names a {@code stats()} section by a literal. A source scan, since javac inlines the constants (ArchUnit cannot tell
 * a constant from a literal); a planted violator shows that it catches one.
 */
class RunFieldsContractTest {
    private static final String CONTRACT_DIR = "history/src/main/java/io/kchaos/history/folder/";
    /** Files that write another format whose keys share a word with run.json's, and which format that is. */
    private static final Map<String, String> OTHER_FORMATS = Map.of(
            "harness/src/main/java/io/kchaos/harness/matrix/MatrixResult.java", "matrix.json",
            "harness/src/main/java/io/kchaos/harness/matrix/ShardFolder.java", "matrix.json (read back for a merge)",
            "harness/src/main/java/io/kchaos/harness/bugs/BugsResult.java", "bugs.json",
            "workloads/src/main/java/io/kchaos/workload/rdkafka/RdkafkaClientKind.java", "the librdkafka driver's commands");
    /** Who handles run.json: its readers and writers, and the backends' software description (a part of it). */
    private static final Pattern RUN_HANDLERS =
            Pattern.compile("\\b(RunFiles|RunFields|RunJson|RunInfo|RunContents|RunRecord|RunSummary)\\b|\\bsoftware\\(\\)");
    /** Who reads results.json (the checkers' result writes it, and their stats are covered by the stats rule). */
    private static final Pattern RESULTS_HANDLERS = Pattern.compile("\\b(RunFiles|ResultsFields|ResultsJson|Results|RunContents)\\b");

    private static final FieldLiteralScan SCAN = new FieldLiteralScan(List.of(
            new FieldLiteralScan.Contract("run.json", FieldLiteralScan.declared(RunFields.class), RUN_HANDLERS),
            new FieldLiteralScan.Contract("results.json", FieldLiteralScan.declared(ResultsFields.class), RESULTS_HANDLERS)));

    @Test
    void noMainSourceSpellsARunFolderFieldItself() throws IOException {
        Path root = GeneratedBlocks.projectFile("docs/format.md").getParent().getParent();
        List<String> violations = new ArrayList<>();
        int files = 0;
        for (Path src : mainSources(root)) {
            String rel = root.relativize(src).toString().replace('\\', '/');
            if (rel.startsWith(CONTRACT_DIR) || OTHER_FORMATS.containsKey(rel)) continue;
            files++;
            violations.addAll(SCAN.violations(rel, Files.readString(src)));
        }
        assertTrue(files > 300, "only " + files + " main sources found under " + root);
        assertEquals(List.of(), violations);
    }

    @Test
    void aLiteralFieldInAReaderOrAWriterIsReported() {
        String reader = """
                class Planted {
                    String started(RunInfo run) { return run.text("started-at"); }
                    boolean audited(Results r) { return r.stats().has("replicas"); }
                    long figure(CheckResult r) { r.stats().put("my-new-figure", 1); return 0; }
                    String client(RunJson run) { return run.field(RunFields.CLIENT).path("kind").asText(); }
                }
                """;
        assertEquals(List.of(
                "P.java:2: run.json field \"started-at\" as a literal in text(...)",
                "P.java:3: results.json field \"replicas\" as a literal in has(...)",
                "P.java:3: stats section \"replicas\" as a literal",
                "P.java:4: stats section \"my-new-figure\" as a literal"), SCAN.violations("P.java", reader));
    }

    @Test
    void commentsOtherFormatsAndDeclaredNamesAreNotReported() {
        String fine = """
                class Fine {
                    /** Reads {@code run.text("started-at")}. */
                    String started(RunInfo run) { return run.text(RunFields.STARTED_AT); } // not "started-at"
                    String label = "path(\\"nodes\\")"; char q = '"';
                }
                """;
        String history = "class OpValue { int first(JsonNode value) { return value.path(\"nodes\").get(0).asInt(); } }";
        assertEquals(List.of(), SCAN.violations("Fine.java", fine));
        assertEquals(List.of(), SCAN.violations("OpValue.java", history));
    }

    private static List<Path> mainSources(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().replace('\\', '/').contains("/src/main/java/"))
                    .filter(p -> !p.toString().contains("/target/"))
                    .sorted().toList();
        }
    }
}
