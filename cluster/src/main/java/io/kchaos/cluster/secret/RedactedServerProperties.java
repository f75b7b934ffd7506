package io.kchaos.cluster.secret;

import io.kchaos.history.folder.RunFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Rewrites the server.properties a run folder keeps ({@code nodes/<id>/server.properties}) with each secret's value
 * {@link SecretSettings#REDACTED}, once the brokers that read it have stopped for good; Kafka needs the real values while
 * it runs.
 */
public final class RedactedServerProperties {
    private RedactedServerProperties() {
    }

    /**
     * Redacts every {@code <id>/server.properties} under {@code nodesDir} (nothing when it does not exist). Called on
     * every way a cluster ends, shutdown hooks included, so it never throws: a file it cannot rewrite is said on stderr.
     */
    public static void redactAll(Path nodesDir) {
        if (!Files.isDirectory(nodesDir)) return;
        try (Stream<Path> nodes = Files.list(nodesDir)) {
            for (Path node : nodes.toList()) {
                Path file = node.resolve(RunFiles.SERVER_PROPERTIES);
                if (Files.isRegularFile(file)) redact(file);
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("warning: the secrets in " + nodesDir + "/*/" + RunFiles.SERVER_PROPERTIES + " could not be redacted: " + e);
        }
    }

    /** Rewrites one file in place, when it holds a secret. */
    static void redact(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> out = redact(lines);
        if (!out.equals(lines)) Files.write(file, out);
    }

    /** The lines with each secret's value redacted, a value continued over lines ({@code \} at the end) dropped whole. */
    public static List<String> redact(List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean inSecret = false;
        boolean continued = false;
        for (String line : lines) {
            if (continued) { // the rest of the previous line's value
                continued = endsContinued(line);
                if (!inSecret) out.add(line);
                continue;
            }
            String key = key(line);
            continued = key != null && endsContinued(line);
            inSecret = key != null && SecretSettings.isSecret(key);
            out.add(inSecret ? key + "=" + SecretSettings.REDACTED : line);
        }
        return out;
    }

    /** The key of a {@code key=value} (or {@code key:value}) line, null for a comment or blank line. */
    private static String key(String line) {
        String s = line.stripLeading();
        if (s.isEmpty() || s.startsWith("#") || s.startsWith("!")) return null;
        int end = 0;
        while (end < s.length() && "=: \t".indexOf(s.charAt(end)) < 0) end++;
        return s.substring(0, end);
    }

    private static boolean endsContinued(String line) {
        int backslashes = 0;
        for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) backslashes++;
        return backslashes % 2 == 1;
    }
}
