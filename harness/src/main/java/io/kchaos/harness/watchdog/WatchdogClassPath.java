package io.kchaos.harness.watchdog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Puts {@link BrokerWatchdog}'s class file in a folder of its own, to prepend to a broker's class path: the broker
 * gets the watchdog and nothing else of the harness (whose kafka-clients may differ from the broker's).
 */
public final class WatchdogClassPath {
    private WatchdogClassPath() {
    }

    /** Writes the class under {@code dir} (created) and returns {@code dir}, the class-path entry. */
    public static Path install(Path dir) {
        String resource = BrokerWatchdog.class.getName().replace('.', '/') + ".class";
        Path target = dir.resolve(resource);
        try (InputStream in = BrokerWatchdog.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException(resource + " missing from the harness");
            Files.createDirectories(target.getParent());
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install the broker watchdog in " + dir, e);
        }
    }
}
