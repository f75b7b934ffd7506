package io.kchaos.harness.run;

import io.kchaos.history.folder.RunFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * One run's folder {@code store/<timestamp>-<name>/} and the names of what it holds; {@code store/latest} points at
 * the newest.
 */
public record RunFolder(Path dir) {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss");

    /** Creates a fresh folder under the store and repoints {@code latest} at it. */
    public static RunFolder create(Path store, String name) {
        return stage(store, name).publish();
    }

    /**
     * Creates a hidden folder {@code store/.staging-<pid>-<name>} to hold what a run writes before its inputs are known
     * to be valid (e.g. the client log of resolving a Kafka release); {@link #publish()} gives it its real name and
     * repoints {@code latest}, {@link #discard()} removes it, so a refused run leaves nothing behind.
     */
    public static RunFolder stage(Path store, String name) {
        try {
            Files.createDirectories(store);
            Path dir = store.resolve(".staging-" + ProcessHandle.current().pid() + "-" + safe(name));
            discard(dir);
            Files.createDirectories(dir);
            return new RunFolder(dir.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create run folder under " + store + ": " + e.getMessage(), e);
        }
    }

    /** Moves a staged folder to {@code store/<timestamp>-<name>/} and repoints {@code latest} at it. */
    public RunFolder publish() {
        return publish(dir.getFileName().toString().replaceFirst("^\\.staging-\\d+-", ""));
    }

    /** As {@link #publish()}, under {@code name} (known only once the inputs were read) instead of the staged one. */
    public RunFolder publish(String name) {
        Path store = dir.getParent();
        name = safe(name);
        try {
            String base = LocalDateTime.now().format(STAMP) + "-" + name;
            Path target = store.resolve(base);
            for (int i = 2; Files.exists(target); i++) target = store.resolve(base + "-" + i);
            Files.move(dir, target);
            Files.createDirectories(new RunFiles(target).nodes());
            Path latest = store.resolve("latest");
            Files.deleteIfExists(latest);
            Files.createSymbolicLink(latest, target.getFileName());
            return new RunFolder(target.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create run folder under " + store + ": " + e.getMessage(), e);
        }
    }

    /** Removes a staged folder that will not be published. */
    public void discard() {
        discard(dir);
    }

    private static void discard(Path dir) {
        if (!Files.isDirectory(dir)) return;
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // best effort: a hidden staging folder
        }
    }

    /** Removes a store folder a refused run created, if it is still empty. */
    public static void removeIfEmpty(Path store) {
        try {
            Files.deleteIfExists(store);
        } catch (IOException e) {
            // not empty, or not ours to remove
        }
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** The names of what the folder holds. */
    public RunFiles files() {
        return new RunFiles(dir);
    }

    public Path runJson() {
        return files().runJson();
    }

    public Path history() {
        return files().history();
    }

    public Path results() {
        return files().results();
    }

    public Path leaders() {
        return files().leaders();
    }

    public Path nodes() {
        return files().nodes();
    }

    public Path clientLog() {
        return files().clientLog();
    }
}
