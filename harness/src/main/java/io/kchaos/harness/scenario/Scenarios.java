package io.kchaos.harness.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Finds a scenario by name among the shipped ones ({@code scenarios/*.json} at the repository root, on the classpath
 * as {@code scenarios/NAME.json}) or by the path of a JSON file.
 */
public final class Scenarios {
    private static final String DIR = "scenarios";

    private Scenarios() {
    }

    /**
     * A scenario file's path, else a shipped scenario's name.
     *
     * @throws IllegalArgumentException (one line) when neither exists or the file is not a valid scenario
     */
    public static Scenario load(String nameOrPath) {
        Path file = Path.of(nameOrPath);
        if (Files.isRegularFile(file)) {
            try {
                return ScenarioParser.parse(Files.readString(file), file.toString(), baseName(file.getFileName().toString()));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read scenario " + file + ": " + e.getMessage(), e);
            }
        }
        if (nameOrPath.endsWith(".json") || nameOrPath.contains("/")) throw new IllegalArgumentException("scenario file not found: " + file);
        try (InputStream in = Scenarios.class.getResourceAsStream("/" + DIR + "/" + nameOrPath + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("unknown scenario '" + nameOrPath + "'; shipped: " + String.join(", ", shipped())
                        + " (or give the path of a .json file)");
            }
            return ScenarioParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "classpath:" + DIR + "/" + nameOrPath + ".json", nameOrPath);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read scenario " + nameOrPath + ": " + e.getMessage(), e);
        }
    }

    /** The names of the shipped scenarios, sorted. */
    public static List<String> shipped() {
        URL url = Scenarios.class.getResource("/" + DIR);
        if (url == null) return List.of();
        try {
            URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                try (FileSystem fs = FileSystems.newFileSystem(uri, Map.of())) {
                    return names(fs.getPath("/" + DIR));
                } catch (java.nio.file.FileSystemAlreadyExistsException open) {
                    return names(FileSystems.getFileSystem(uri).getPath("/" + DIR));
                }
            }
            return names(Path.of(uri));
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return List.of();
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).map(Scenarios::baseName).sorted().toList();
        }
    }

    private static String baseName(String fileName) {
        return fileName.endsWith(".json") ? fileName.substring(0, fileName.length() - 5) : fileName;
    }
}
