package io.kchaos.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The last lines of every node's {@code server.log} under a nodes folder ({@code <id>/server.log}), for the message of
 * a test whose cluster failed to start: what each broker and controller was doing when the test gave up, kept in the
 * test report when the run folder is gone (a CI machine keeps only the build's output).
 */
public final class NodeLogTails {
    static final int MAX_CHARS = 300;

    private NodeLogTails() {
    }

    /** "\n--- node 1 (last 5 lines of server.log)\n..." for each node folder, in id order; empty if there is none. */
    public static String of(Path nodesDir, int lines) {
        if (!Files.isDirectory(nodesDir)) return "";
        StringBuilder out = new StringBuilder();
        try (Stream<Path> dirs = Files.list(nodesDir)) {
            for (Path d : dirs.filter(p -> p.getFileName().toString().matches("\\d+")).sorted((a, b) -> Integer.compare(id(a), id(b))).toList()) {
                Path log = d.resolve("server.log");
                if (!Files.isRegularFile(log)) continue;
                List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
                out.append("\n--- node ").append(id(d)).append(" (last ").append(lines).append(" lines of server.log)");
                for (String line : all.subList(Math.max(0, all.size() - lines), all.size())) {
                    out.append('\n').append(line.length() > MAX_CHARS ? line.substring(0, MAX_CHARS) + "..." : line);
                }
            }
        } catch (IOException e) {
            out.append("\n(node logs unreadable: ").append(e.getMessage()).append(')');
        }
        return out.toString();
    }

    private static int id(Path dir) {
        return Integer.parseInt(dir.getFileName().toString());
    }
}
