package io.kchaos.harness.docs;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.testkit.GeneratedBlocks;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
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
        assertEquals(runFiles(), documented(GeneratedBlocks.block("docs/format.md", "run-folder", "files")));
    }

    @Test
    void aFileMissingFromEitherSideIsSeen() {
        String table = "| file | what |\n|---|---|\n| `run.json` | x |\n| `nodes/<id>/server.log` | y |\n| `nodes/<id>/data/` | z |\n";
        assertEquals(Set.of("run.json", "server.log", "data"), documented(table));
        Set<String> missing = new TreeSet<>(runFiles());
        missing.removeAll(documented(table));
        assertEquals(true, missing.contains("history.jsonl") && missing.contains("proxy-actions.jsonl"), missing.toString());
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
        List<String> out = new ArrayList<>();
        for (Field f : RunFiles.class.getDeclaredFields()) {
            int m = f.getModifiers();
            if (f.getType() != String.class || !Modifier.isStatic(m) || !Modifier.isPublic(m)) continue;
            try {
                out.add((String) f.get(null));
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        return new TreeSet<>(out);
    }
}
