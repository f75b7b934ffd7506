package io.kchaos.harness.docs;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.testkit.GeneratedBlocks;
import io.kchaos.testkit.StringConstants;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every file and folder a run folder holds is in docs/format.md's run-folder table, and every one the table names is
 * in {@link RunFiles}: the table's first column, each path's last part, against RunFiles' names, both ways.
 */
class RunFolderDocsTest {
    /** The first column of a table row: one path in backticks. */
    private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\|", Pattern.MULTILINE);

    @Test
    void theRunFolderTableAndRunFilesNameTheSameFiles() {
        assertEquals(List.of(), differences(runFiles(), GeneratedBlocks.block("docs/format.md", "run-folder", "files")));
    }

    @Test
    void aFileMissingFromEitherSideIsReported() {
        String table = "| file | what |\n|---|---|\n| `run.json` | x |\n| `nodes/<id>/gc.log` | y |\n| `nodes/<id>/data/` | z |\n";
        assertEquals(Set.of("run.json", "gc.log", "data"), documented(table));
        List<String> d = differences(new TreeSet<>(Set.of("run.json", "data", "history.jsonl")), table);
        assertEquals(List.of("in docs/format.md, not in RunFiles: gc.log", "in RunFiles, not in docs/format.md: history.jsonl"), d);
    }

    /** What one side names and the other does not, each side's extras in order. */
    static List<String> differences(Set<String> declared, String table) {
        Set<String> docs = documented(table);
        List<String> out = new ArrayList<>();
        docs.stream().filter(n -> !declared.contains(n)).forEach(n -> out.add("in docs/format.md, not in RunFiles: " + n));
        declared.stream().filter(n -> !docs.contains(n)).forEach(n -> out.add("in RunFiles, not in docs/format.md: " + n));
        return out;
    }

    /** The names in a table's first column: each path's last part, without a trailing slash. */
    static Set<String> documented(String table) {
        Set<String> out = new TreeSet<>();
        Matcher m = ROW.matcher(table);
        while (m.find()) {
            String path = m.group(1).replaceAll("/$", "");
            out.add(path.substring(path.lastIndexOf('/') + 1));
        }
        return out;
    }

    /** Every name RunFiles declares. */
    static Set<String> runFiles() {
        return new TreeSet<>(StringConstants.of(RunFiles.class));
    }
}
