package io.kchaos.cluster.watchdog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

class WatchdogClassPathTest {

    @Test
    void theJarIsNamedByItsContentWrittenOnceAndHoldsTheWatchdog(@TempDir Path dir) throws Exception {
        Path jar = WatchdogClassPath.jarIn(dir.resolve("cds"));
        assertEquals(jar.getParent(), dir.resolve("cds"));
        long written = Files.getLastModifiedTime(jar).toMillis();
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(written - 60_000));
        assertEquals(jar, WatchdogClassPath.jarIn(dir.resolve("cds")), "the same class, the same jar");
        assertEquals(written - 60_000, Files.getLastModifiedTime(jar).toMillis(), "not rewritten: the class path stays the same");
        try (var files = Files.list(dir.resolve("cds"))) {
            assertEquals(1, files.count(), "no temporary file left");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            Class<?> c = loader.loadClass(BrokerWatchdog.class.getName());
            assertNotSame(BrokerWatchdog.class, c, "loaded from the jar");
        }
    }

    @Test
    void theFolderFormHoldsTheClassFile(@TempDir Path dir) throws IOException {
        Path entry = WatchdogClassPath.install(dir);
        assertEquals(true, Files.isRegularFile(entry.resolve(BrokerWatchdog.class.getName().replace('.', '/') + ".class")));
    }
}
