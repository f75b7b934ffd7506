package io.kchaos.backend.ssh;

import io.kchaos.checker.replica.DigestWriter;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The jars the replica reader needs on a host, found on the running harness's own class path (never at a fixed
 * path): the checker's, kafka-clients', SLF4J's and Jackson's, and the compression codecs when present. A class folder
 * (a build's {@code target/classes}) is packed into a jar first.
 */
final class AuditJars {
    /** The main class run on each host. */
    static final String MAIN = DigestWriter.class.getName();
    private static final List<String> CLASSES = List.of(MAIN, "org.apache.kafka.common.record.FileRecords",
            "org.slf4j.LoggerFactory", "com.fasterxml.jackson.databind.ObjectMapper", "com.fasterxml.jackson.core.JsonFactory",
            "com.fasterxml.jackson.annotation.JsonProperty", "net.jpountz.lz4.LZ4Factory", "org.xerial.snappy.Snappy",
            "com.github.luben.zstd.Zstd");

    private AuditJars() {
    }

    /** The jar files, packing class folders into {@code scratch}. */
    static List<Path> locate(Path scratch) {
        Set<Path> found = new LinkedHashSet<>();
        for (String name : CLASSES) {
            try {
                Class<?> c = Class.forName(name, false, AuditJars.class.getClassLoader());
                if (c.getProtectionDomain().getCodeSource() == null) continue;
                found.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()));
            } catch (ClassNotFoundException | LinkageError e) {
                if (name.equals(MAIN)) throw new IllegalStateException("the replica reader is not on the class path");
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        List<Path> jars = new ArrayList<>();
        for (Path p : found) jars.add(Files.isDirectory(p) ? pack(p, scratch) : p);
        return jars;
    }

    private static Path pack(Path classes, Path scratch) {
        Path jar = scratch.resolve("kchaos-" + classes.getParent().getParent().getFileName() + "-classes.jar");
        try {
            Files.createDirectories(scratch);
            try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out);
                 Stream<Path> all = Files.walk(classes)) {
                for (Path f : all.filter(Files::isRegularFile).sorted().toList()) {
                    JarEntry e = new JarEntry(classes.relativize(f).toString().replace('\\', '/'));
                    e.setTime(0); // the same classes give the same jar, so the checksum skip works
                    j.putNextEntry(e);
                    Files.copy(f, j);
                    j.closeEntry();
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot pack " + classes, e);
        }
    }
}
