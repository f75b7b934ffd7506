package io.kchaos.cluster.version;

import io.kchaos.cluster.os.FileTrees;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The per-version jar sets kchaos resolved before: {@code <cache>/kafka-<version>/libs/}, one symbolic link per jar
 * into the local Maven repository, plus {@code jars.txt} naming their targets. A complete entry (every link resolves)
 * is used as is, so a run of a cached version needs no network.
 */
public final class KafkaJarCache {
    private final Path root;

    public KafkaJarCache(Path root) {
        this.root = root;
    }

    /** {@code -Dkchaos.cache}, else {@code $XDG_CACHE_HOME/kchaos}, else {@code ~/.cache/kchaos}. */
    public static Path defaultRoot() {
        String p = System.getProperty("kchaos.cache");
        if (p != null) return Path.of(p);
        String xdg = System.getenv("XDG_CACHE_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache")).resolve("kchaos");
    }

    /** The libs folder of a version, whether or not it is cached. */
    public Path libs(KafkaVersion v) {
        return root.resolve("kafka-" + v).resolve("libs");
    }

    /**
     * Whether jars of these file names can be release {@code v}'s broker: they hold its kafka-clients jar. A local
     * Maven repository holding {@code kafka_2.13-<v>.jar} without its POM (fetched alone, e.g. to read its classes)
     * resolves to that one jar, which no broker starts from.
     */
    public static boolean whole(KafkaVersion v, java.util.Collection<String> jarNames) {
        return jarNames.contains("kafka-clients-" + v + ".jar");
    }

    /** The cached libs folder, when present, complete and {@link #whole}. */
    public Optional<Path> lookup(KafkaVersion v) {
        Path libs = libs(v);
        Path list = libs.getParent().resolve("jars.txt");
        if (!Files.isRegularFile(list) || !Files.isDirectory(libs)) return Optional.empty();
        try (Stream<Path> s = Files.list(libs)) {
            List<Path> links = s.toList();
            boolean complete = !links.isEmpty() && links.stream().allMatch(Files::isRegularFile)
                    && links.size() == Files.readAllLines(list).stream().filter(l -> !l.isBlank()).count()
                    && whole(v, links.stream().map(l -> l.getFileName().toString()).toList());
            return complete ? Optional.of(libs) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Stores a jar set (replacing a stale entry) and returns its libs folder. Safe against a concurrent store. */
    public Path store(KafkaVersion v, List<Path> jars) {
        Path entry = libs(v).getParent();
        try {
            Files.createDirectories(root);
            Path tmp = Files.createTempDirectory(root, "kafka-" + v + ".tmp");
            Path libs = Files.createDirectory(tmp.resolve("libs"));
            Set<String> names = new HashSet<>();
            List<String> targets = new ArrayList<>();
            for (Path jar : jars) {
                String name = jar.getFileName().toString();
                if (!names.add(name)) name = jar.getParent().getParent().getFileName() + "-" + name;
                Files.createSymbolicLink(libs.resolve(name), jar.toAbsolutePath());
                targets.add(jar.toAbsolutePath().toString());
            }
            Files.write(tmp.resolve("jars.txt"), targets);
            FileTrees.delete(entry);
            try {
                Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException | AtomicMoveNotSupportedException raced) {
                FileTrees.delete(tmp);
            }
            return libs(v);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot cache the jar set of Kafka " + v + " under " + root + ": " + e.getMessage(), e);
        }
    }
}
