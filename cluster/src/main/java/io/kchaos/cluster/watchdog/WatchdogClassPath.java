package io.kchaos.cluster.watchdog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * Puts {@link BrokerWatchdog}'s class file in a folder of its own, or in a jar named by its content, for a broker's
 * class path: the broker gets the watchdog and nothing else of the harness (whose kafka-clients may differ from the
 * broker's). The jar suits a JVM that dumps a class-data archive (it refuses a non-empty folder on its class path).
 */
public final class WatchdogClassPath {
    private WatchdogClassPath() {
    }

    private static final String RESOURCE = BrokerWatchdog.class.getName().replace('.', '/') + ".class";

    /** Writes the class under {@code dir} (created) and returns {@code dir}, the class-path entry. */
    public static Path install(Path dir) {
        Path target = dir.resolve(RESOURCE);
        try {
            Files.createDirectories(target.getParent());
            Files.write(target, classBytes());
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install the broker watchdog in " + dir, e);
        }
    }

    /**
     * The jar {@code dir/kchaos-watchdog-<hash>.jar} holding the class, written once (atomically: a temporary file
     * renamed into place) and reused while the class stays the same, so the class path stays the same too.
     */
    public static Path jarIn(Path dir) {
        try {
            byte[] bytes = classBytes();
            Path jar = dir.resolve("kchaos-watchdog-" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8) + ".jar");
            if (Files.isRegularFile(jar)) return jar;
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "kchaos-watchdog-", ".tmp");
            try {
                try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(tmp))) {
                    JarEntry entry = new JarEntry(RESOURCE);
                    entry.setTime(0);
                    out.putNextEntry(entry);
                    out.write(bytes);
                    out.closeEntry();
                }
                Files.move(tmp, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the broker watchdog jar in " + dir, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }

    private static byte[] classBytes() throws IOException {
        try (InputStream in = BrokerWatchdog.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " missing from the harness");
            return in.readAllBytes();
        }
    }
}
