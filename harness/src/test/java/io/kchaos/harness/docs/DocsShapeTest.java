package io.kchaos.harness.docs;

import io.kchaos.testkit.GeneratedBlocks;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README is a front door (short, its design overview near the top, no line a person must scroll sideways for,
 * no commit hashes), and every page under docs/ starts by saying what it covers; every page the README links exists.
 */
class DocsShapeTest {
    private static final int MAX_README_LINES = 300;
    private static final int DESIGN_WITHIN = 100;
    private static final int MAX_LINE = 200;
    /** A commit hash as the project's notes write them: 7 to 40 hex digits in backticks, with a digit and a letter. */
    private static final Pattern HASH = Pattern.compile("`(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}`");

    private static List<String> lines(String relative) throws IOException {
        return Files.readAllLines(GeneratedBlocks.projectFile(relative));
    }

    /** Problems of a page's shape: lines over the limit outside code blocks, commit hashes. */
    static List<String> problems(String name, List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean code = false;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("```")) code = !code;
            if (!code && l.length() > MAX_LINE) out.add(name + ":" + (i + 1) + " has " + l.length() + " characters");
            if (HASH.matcher(l).find()) out.add(name + ":" + (i + 1) + " names a commit hash");
        }
        return out;
    }

    @Test
    void theReadmeIsShortWithItsDesignNearTheTopAndNoWideLinesOrHashes() throws IOException {
        List<String> readme = lines("README.md");
        assertTrue(readme.size() <= MAX_README_LINES, "README.md has " + readme.size() + " lines");
        int design = readme.indexOf("## The design");
        assertTrue(design >= 0 && design < DESIGN_WITHIN, "the design overview starts at line " + (design + 1));
        assertEquals(List.of(), problems("README.md", readme));
    }

    @Test
    void theShapeCheckCatchesAWideLineAndAHashOutsideCode() {
        List<String> planted = List.of("fixed in `d0cd056`", "x".repeat(MAX_LINE + 1), "```", "y".repeat(MAX_LINE + 5), "```",
                "version `4.4.0` and the date `20261203`");
        assertEquals(List.of("p:1 names a commit hash", "p:2 has 201 characters"), problems("p", planted));
    }

    @Test
    void everyDocsPageStartsWithItsTitleAndWhatItCovers() throws IOException {
        try (Stream<Path> pages = Files.list(GeneratedBlocks.projectFile("docs/format.md").getParent())) {
            for (Path p : pages.filter(f -> f.toString().endsWith(".md")).toList()) {
                List<String> l = Files.readAllLines(p);
                assertTrue(l.size() > 2 && l.get(0).startsWith("# ") && l.get(1).isBlank() && !l.get(2).isBlank()
                        && !l.get(2).startsWith("#") && !l.get(2).startsWith("|"), p.getFileName() + " does not start with a title and a sentence of what it covers");
            }
        }
    }

    @Test
    void everyPageTheReadmeLinksExists() throws IOException {
        var m = Pattern.compile("\\]\\(((?:docs/)?[\\w./-]+\\.md)(?:#[\\w-]*)?\\)").matcher(String.join("\n", lines("README.md")));
        int links = 0;
        while (m.find()) {
            links++;
            assertTrue(Files.exists(GeneratedBlocks.projectFile(m.group(1))), "README.md links " + m.group(1) + ", which does not exist");
        }
        assertTrue(links >= 10, "the README links its pages: " + links);
    }
}
