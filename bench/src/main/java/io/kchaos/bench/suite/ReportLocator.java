package io.kchaos.bench.suite;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds the {@code TEST-*.xml} reports of every module under a root: {@code <module>/target/failsafe-reports} (cluster)
 * and {@code <module>/target/surefire-reports} (unit), at any depth (nested modules such as {@code backends/local}).
 * Hidden folders and whatever else lies under a {@code target} are not searched.
 */
public final class ReportLocator {
    private final Set<Kind> kinds;

    public ReportLocator(Set<Kind> kinds) {
        this.kinds = Set.copyOf(kinds);
    }

    /** Every report of the wanted kinds under {@code given} (relative to the working directory), in path order. */
    public List<ReportFile> find(Path given) throws BadReports {
        Path root = given.toAbsolutePath().normalize(); // a relative "target" has no parent to name its module
        if (!Files.isDirectory(root)) {
            throw new BadReports(root + " is not a folder");
        }
        List<ReportFile> found = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    if (!dir.equals(root) && name.startsWith(".")) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (name.equals("target")) {
                        addReports(root, dir, found);
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new BadReports("cannot search " + root + ": " + e.getMessage());
        }
        found.sort(Comparator.comparing(ReportFile::path));
        return found;
    }

    private void addReports(Path root, Path target, List<ReportFile> found) throws IOException {
        Path moduleDir = target.getParent();
        String module = moduleDir.equals(root) ? moduleName(root) : root.relativize(moduleDir).toString().replace('\\', '/');
        for (Kind kind : kinds) {
            Path folder = target.resolve(kind.reportFolder());
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (Stream<Path> files = Files.list(folder)) {
                files.filter(ReportLocator::isReport).forEach(f -> found.add(new ReportFile(f, module, kind)));
            }
        }
    }

    private static boolean isReport(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith("TEST-") && name.endsWith(".xml") && Files.isRegularFile(file);
    }

    private static String moduleName(Path root) {
        return root.getFileName() == null ? "." : root.getFileName().toString();
    }
}
