package io.kchaos.backend.local.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Copying, moving and emptying directory trees, for data directories that are unmounted or replaced. */
final class Trees {
    private Trees() {
    }

    /** Copies {@code from}'s tree into a new {@code to}; false (and nothing left at {@code to}) when it fails. */
    static boolean copy(Path from, Path to) {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            }
            return true;
        } catch (IOException | UncheckedIOException e) {
            deleteQuietly(to);
            return false;
        }
    }

    /** Moves every child of {@code from} into {@code to}, then deletes {@code from}. */
    static void moveChildren(Path from, Path to) {
        try (Stream<Path> children = Files.list(from)) {
            for (Path c : children.toList()) Files.move(c, to.resolve(c.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
            Files.delete(from);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " into " + to, e);
        }
    }

    /** Deletes everything inside {@code dir}, keeping {@code dir} itself (it may be a mount point). */
    static void empty(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            for (Path c : children.toList()) delete(c);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot empty " + dir, e);
        }
    }

    private static void delete(Path tree) throws IOException {
        try (Stream<Path> walk = Files.walk(tree)) {
            List<Path> all = walk.sorted(Comparator.reverseOrder()).toList();
            for (Path p : all) Files.delete(p);
        }
    }

    private static void deleteQuietly(Path tree) {
        try {
            if (Files.exists(tree)) delete(tree);
        } catch (IOException ignored) {
            // best effort
        }
    }
}
