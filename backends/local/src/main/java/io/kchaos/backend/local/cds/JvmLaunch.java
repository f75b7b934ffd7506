package io.kchaos.backend.local.cds;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What decides whether a class-data-sharing archive fits a JVM launch: the JVM, the flags that shape its class
 * loading and memory layout ({@code -X...}), and the class path, in order. An archive made by one launch is valid for
 * another with the same three (the class path may grow at its end).
 *
 * @param role      what the JVM runs, e.g. {@code broker} or {@code format}; launches of different roles load different classes
 * @param javaBin   the {@code java} executable
 * @param flags     the {@code -X} options, in order
 * @param classPath the class path entries the archive covers, in order
 */
public record JvmLaunch(String role, Path javaBin, List<String> flags, List<Path> classPath) {
    public JvmLaunch {
        flags = List.copyOf(flags);
        classPath = List.copyOf(classPath);
    }

    /** The {@code java} of the JVM running kchaos. */
    public static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** The class path as a {@code -cp} value. */
    public String classPathString() {
        return classPathOf(classPath);
    }

    /** Entries joined into a {@code -cp} value. */
    public static String classPathOf(List<Path> entries) {
        return entries.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }
}
