package io.kchaos.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The generated blocks of the project's documents: the text between {@code <!-- NAME -->} and {@code <!-- /KIND -->}
 * in README.md or docs/*.md, which tests hold equal to the catalogues they are generated from.
 */
public final class GeneratedBlocks {
    private GeneratedBlocks() {
    }

    /** A file of the project, found from the working directory (a module's folder under Surefire) upwards. */
    public static Path projectFile(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve(relative)) && Files.isRegularFile(d.resolve("pom.xml"))) return d.resolve(relative);
        }
        throw new IllegalStateException(relative + " not found above " + dir);
    }

    /**
     * The lines between the marker {@code <!-- kind: name -->} and the next {@code <!-- /kind -->} of the project file
     * {@code relative}, each ending in a newline; IllegalStateException when the marker is missing.
     */
    public static String block(String relative, String kind, String name) {
        String text;
        try {
            text = Files.readString(projectFile(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String open = "<!-- " + kind + ": " + name + " -->\n";
        int from = text.indexOf(open);
        if (from < 0) throw new IllegalStateException(relative + " has no " + open.strip());
        from += open.length();
        int to = text.indexOf("<!-- /" + kind + " -->", from);
        if (to < 0) throw new IllegalStateException(relative + ": " + open.strip() + " is never closed");
        return text.substring(from, to);
    }
}
