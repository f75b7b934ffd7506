package io.kchaos.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The line that says why a Kafka command-line tool (such as the StorageTool) failed, read from its log: the first
 * {@code Exception in thread} line, else the last line that is neither a log line ({@code [thread] LEVEL ...}) nor
 * indented, so that a failure names its cause where the user sees it.
 */
public final class ToolLog {
    static final int MAX_CHARS = 400;

    private ToolLog() {
    }

    /** The cause line of the tool's log, shortened to {@value #MAX_CHARS} characters; empty when there is none or no log. */
    public static Optional<String> cause(Path log) {
        List<String> lines;
        try {
            lines = Files.readAllLines(log);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        Optional<String> line = lines.stream().filter(l -> l.startsWith("Exception in thread")).findFirst();
        if (line.isEmpty()) {
            line = lines.stream().filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)) && !l.startsWith("["))
                    .reduce((a, b) -> b);
        }
        return line.map(l -> l.length() > MAX_CHARS ? l.substring(0, MAX_CHARS) + "..." : l);
    }
}
