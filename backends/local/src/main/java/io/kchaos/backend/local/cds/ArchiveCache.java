package io.kchaos.backend.local.cds;

import io.kchaos.cluster.version.KafkaJarCache;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The folder of class-data-sharing archives, one file per {@link ArchiveKey}. A JVM dumps into a temporary file of
 * its own; {@link #publish} checks it and renames it into place atomically, so a concurrent run sees the whole archive
 * or none. {@link #lookup} hands out an archive only after {@link ArchiveCheck} accepted it (once per file version and
 * process). Every failure means "no archive", never an error. Keeps the {@value #KEEP} newest archives.
 */
public final class ArchiveCache {
    /** {@code -Dkchaos.cds=off} turns archives off. */
    public static final String SWITCH_PROPERTY = "kchaos.cds";
    static final int KEEP = 8;
    /** A dump file this old belongs to a JVM that died before publishing it. */
    static final Duration ABANDONED_DUMP = Duration.ofHours(1);
    private static final String DUMP_SUFFIX = ".tmp";
    private static final Map<String, Boolean> CHECKED = new ConcurrentHashMap<>();
    private static final AtomicLong DUMPS = new AtomicLong();

    private final Path dir;
    private final ArchiveCheck check;

    public ArchiveCache(Path dir, ArchiveCheck check) {
        this.dir = dir;
        this.check = check;
    }

    /** {@code <kchaos cache>/cds} (see {@link KafkaJarCache#defaultRoot()}), checked by the JVM; empty when {@code -Dkchaos.cds=off}. */
    public static Optional<ArchiveCache> standard() {
        if ("off".equalsIgnoreCase(System.getProperty(SWITCH_PROPERTY, "on"))) return Optional.empty();
        return Optional.of(new ArchiveCache(KafkaJarCache.defaultRoot().resolve("cds"), new JvmArchiveCheck()));
    }

    public Path dir() {
        return dir;
    }

    /** The archive for this launch, when there is one the JVM accepts. */
    public Optional<Path> lookup(ArchiveKey key, JvmLaunch launch) {
        Path archive = dir.resolve(key.fileName());
        Optional<String> version = fileVersion(archive);
        if (version.isEmpty()) return Optional.empty();
        boolean ok = CHECKED.computeIfAbsent(version.get(), v -> check.usable(archive, launch));
        return ok ? Optional.of(archive) : Optional.empty();
    }

    /** A fresh path for a JVM to dump this key's archive into (not created: the JVM writes it); empty when the folder cannot be made. */
    public Optional<Path> newDumpFile(ArchiveKey key) {
        try {
            Files.createDirectories(dir);
            removeAbandonedDumps();
            String name = key.fileName() + "." + ProcessHandle.current().pid() + "-" + DUMPS.incrementAndGet() + DUMP_SUFFIX;
            Path dump = dir.resolve(name);
            Files.deleteIfExists(dump);
            return Optional.of(dump);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Publishes a finished dump as the key's archive when the JVM accepts it (atomic rename over any older one), else
     * deletes it. Returns the archive, or empty.
     */
    public Optional<Path> publish(Path dump, ArchiveKey key, JvmLaunch launch) {
        Path archive = dir.resolve(key.fileName());
        try {
            if (!Files.isRegularFile(dump) || Files.size(dump) == 0 || !check.usable(dump, launch)) {
                discard(dump);
                return Optional.empty();
            }
            try {
                Files.move(dump, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                discard(dump); // never a half-copied archive
                return Optional.empty();
            }
            fileVersion(archive).ifPresent(v -> CHECKED.put(v, true));
            prune();
            return Optional.of(archive);
        } catch (IOException e) {
            discard(dump);
            return Optional.empty();
        }
    }

    /** Deletes a dump that will not be published. */
    public void discard(Path dump) {
        try {
            Files.deleteIfExists(dump);
        } catch (IOException ignored) {
            // a leftover temporary file is removed by a later run (removeAbandonedDumps)
        }
    }

    /** Keeps the newest {@value #KEEP} archives. */
    void prune() throws IOException {
        List<Path> archives;
        try (Stream<Path> s = Files.list(dir)) {
            archives = s.filter(p -> p.getFileName().toString().endsWith(".jsa"))
                    .sorted(Comparator.comparing(ArchiveCache::modified).reversed()).toList();
        }
        for (Path old : archives.subList(Math.min(KEEP, archives.size()), archives.size())) Files.deleteIfExists(old);
    }

    private void removeAbandonedDumps() throws IOException {
        Instant cutoff = Instant.now().minus(ABANDONED_DUMP);
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(p -> p.getFileName().toString().endsWith(DUMP_SUFFIX)).toList()) {
                if (modified(p).toInstant().isBefore(cutoff)) Files.deleteIfExists(p);
            }
        }
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** Path, size, modification time and inode of a file: a replaced archive is a new version. */
    private static Optional<String> fileVersion(Path p) {
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            if (!a.isRegularFile()) return Optional.empty();
            return Optional.of(p.toAbsolutePath() + "|" + a.size() + "|" + a.lastModifiedTime().toMillis() + "|" + a.fileKey());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
