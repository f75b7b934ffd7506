package io.kchaos.cluster.install;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where this kchaos is installed, found from the location of its own classes, so it runs from any directory: an
 * unpacked distribution ({@code lib/kchaos.jar}, the default broker in {@code kafka/libs/}) or, for developers, the
 * checkout that built it ({@code harness/target/}, the broker in {@code harness/broker-dist/target/kafka-libs/}).
 */
public final class Installation {
    /** Overrides where the default broker's jars are (tests, unusual layouts). */
    public static final String KAFKA_LIBS_PROPERTY = "kchaos.kafka.libs";

    /** The plugin jar's name, without the sources or test jars a build may put beside it. */
    private static final Pattern TIERED_STORAGE_JAR = Pattern.compile("kchaos-tiered-storage-[^-]+(-SNAPSHOT)?\\.jar");

    private final Path codeFolder;

    Installation(Path codeFolder) {
        this.codeFolder = codeFolder;
    }

    /** The installation these classes were loaded from. */
    public static Installation current() {
        try {
            Path code = Path.of(Installation.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return new Installation(codeFolder(code.toAbsolutePath().getParent()));
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return new Installation(Path.of("").toAbsolutePath());
        }
    }

    /**
     * The folder of kchaos.jar, given the folder of the jar these classes came from: the same in a distribution (every
     * jar in {@code lib/}), its parent in a checkout, where the module jars are in {@code harness/target/lib/}.
     */
    static Path codeFolder(Path jarFolder) {
        return jarFolder.endsWith(Path.of("target", "lib")) ? jarFolder.getParent() : jarFolder;
    }

    /** The folders that may hold the default broker's jars, in the order they are tried. */
    List<Path> kafkaLibsCandidates() {
        String override = System.getProperty(KAFKA_LIBS_PROPERTY);
        if (override != null && !override.isBlank()) return List.of(Path.of(override));
        return List.of(
                codeFolder.resolve("../kafka/libs").normalize(),                   // distribution: <home>/lib/kchaos.jar
                codeFolder.resolve("../broker-dist/target/kafka-libs").normalize()); // checkout: harness/target/
    }

    /** The default broker's jar folder, or empty when neither layout has one (a checkout that was not built). */
    public Optional<Path> bundledKafkaLibs() {
        return kafkaLibsCandidates().stream().filter(Files::isDirectory).findFirst();
    }

    /**
     * The kchaos proxy's jar folder (Kroxylicious and its own kafka-clients): {@code <home>/proxy/libs} in a distribution,
     * {@code proxy/target/proxy-libs} in a checkout; empty when neither exists.
     */
    public Optional<Path> proxyLibs() {
        return List.of(codeFolder.resolve("../proxy/libs").normalize(), codeFolder.resolve("../../proxy/target/proxy-libs").normalize())
                .stream().filter(Files::isDirectory).findFirst();
    }

    /**
     * The tiered-storage plugin jar a broker loads with {@code remote.log.storage.manager.class.path}:
     * {@code <home>/plugins/} in a distribution, {@code tiered-storage/target/} in a checkout; empty when neither has it.
     */
    public Optional<Path> tieredStorageJar() {
        for (Path dir : List.of(codeFolder.resolve("../plugins").normalize(), codeFolder.resolve("../../tiered-storage/target").normalize())) {
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> s = Files.list(dir)) {
                Optional<Path> jar = s.filter(p -> TIERED_STORAGE_JAR.matcher(p.getFileName().toString()).matches()).sorted().findFirst();
                if (jar.isPresent()) return jar;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Optional.empty();
    }

    /** Where the default broker was looked for, for the one-line error when it is missing. */
    public String describeKafkaLibsCandidates() {
        return String.join(" or ", kafkaLibsCandidates().stream().map(Path::toString).toList());
    }
}
