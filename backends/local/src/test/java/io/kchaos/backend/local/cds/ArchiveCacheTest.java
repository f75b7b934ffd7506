package io.kchaos.backend.local.cds;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArchiveCacheTest {

    private static JvmLaunch launch(Path jar, String role, String... flags) {
        return new JvmLaunch(role, JvmLaunch.currentJava(), List.of(flags), List.of(jar));
    }

    private static Path jar(Path dir) throws IOException {
        Path jar = dir.resolve("lib.jar");
        if (!Files.exists(jar)) Files.writeString(jar, "jar bytes");
        return jar;
    }

    @Test
    void theKeyChangesWithRoleFlagsAndTheJarsSizeOrTime(@TempDir Path dir) throws IOException {
        Path jar = jar(dir);
        ArchiveKey key = ArchiveKey.of(launch(jar, "broker", "-Xmx512m"));
        assertEquals(key, ArchiveKey.of(launch(jar, "broker", "-Xmx512m")), "same launch, same key");
        assertNotEquals(key, ArchiveKey.of(launch(jar, "format", "-Xmx512m")));
        assertNotEquals(key, ArchiveKey.of(launch(jar, "broker", "-Xmx1024m")));
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        ArchiveKey touched = ArchiveKey.of(launch(jar, "broker", "-Xmx512m"));
        assertNotEquals(key, touched, "a rebuilt jar (other time) gets a new key");
        Files.writeString(jar, "other jar bytes");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertNotEquals(touched, ArchiveKey.of(launch(jar, "broker", "-Xmx512m")), "another size, another key");
        assertTrue(key.fileName().matches("broker-[0-9a-f]{32}\\.jsa"), key.fileName());
    }

    @Test
    void aDumpIsPublishedAtomicallyUnderTheKeyOnlyWhenTheCheckAcceptsIt(@TempDir Path dir) throws IOException {
        JvmLaunch l = launch(jar(dir), "broker");
        ArchiveKey key = ArchiveKey.of(l);
        Path cacheDir = dir.resolve("cache");
        ArchiveCache refusing = new ArchiveCache(cacheDir, (a, x) -> false);
        Path dump = refusing.newDumpFile(key).orElseThrow();
        assertEquals(cacheDir, dump.getParent());
        assertFalse(Files.exists(dump), "the JVM creates the dump file itself");
        Files.writeString(dump, "archive");
        assertEquals(Optional.empty(), refusing.publish(dump, key, l));
        assertFalse(Files.exists(dump), "a refused dump is deleted");
        assertFalse(Files.exists(cacheDir.resolve(key.fileName())));

        ArchiveCache accepting = new ArchiveCache(cacheDir, (a, x) -> true);
        Path second = accepting.newDumpFile(key).orElseThrow();
        assertNotEquals(dump, second, "every dump its own file");
        assertEquals(Optional.empty(), accepting.publish(second, key, l), "a JVM that wrote nothing publishes nothing");
        Files.writeString(second, "archive");
        Path archive = accepting.publish(second, key, l).orElseThrow();
        assertEquals(cacheDir.resolve(key.fileName()), archive);
        assertEquals("archive", Files.readString(archive));
        try (var files = Files.list(cacheDir)) {
            assertEquals(List.of(archive), files.toList(), "no temporary file left");
        }
    }

    @Test
    void republishingReplacesTheArchiveWhileAnOpenReaderKeepsTheOldOne(@TempDir Path dir) throws IOException {
        JvmLaunch l = launch(jar(dir), "broker");
        ArchiveKey key = ArchiveKey.of(l);
        ArchiveCache cache = new ArchiveCache(dir.resolve("cache"), (a, x) -> true);
        Path first = cache.newDumpFile(key).orElseThrow();
        Files.writeString(first, "old archive");
        Path archive = cache.publish(first, key, l).orElseThrow();
        try (var reader = Files.newInputStream(archive)) {
            Path next = cache.newDumpFile(key).orElseThrow();
            Files.writeString(next, "new archive!");
            cache.publish(next, key, l).orElseThrow();
            assertEquals("old archive", new String(reader.readAllBytes()), "a concurrent user never sees a mixed file");
        }
        assertEquals("new archive!", Files.readString(archive));
    }

    @Test
    void lookupHandsOutOnlyCheckedArchivesAndChecksEachFileVersionOnce(@TempDir Path dir) throws IOException {
        JvmLaunch l = launch(jar(dir), "format");
        ArchiveKey key = ArchiveKey.of(l);
        AtomicInteger checks = new AtomicInteger();
        ArchiveCache cache = new ArchiveCache(dir, (a, x) -> {
            checks.incrementAndGet();
            return true;
        });
        assertEquals(Optional.empty(), cache.lookup(key, l), "nothing cached");
        Files.writeString(dir.resolve(key.fileName()), "archive");
        assertEquals(Optional.of(dir.resolve(key.fileName())), cache.lookup(key, l));
        assertEquals(Optional.of(dir.resolve(key.fileName())), cache.lookup(key, l));
        assertEquals(1, checks.get(), "checked once per file version");
        ArchiveCache refusing = new ArchiveCache(dir.resolve("other"), (a, x) -> false);
        Files.createDirectories(dir.resolve("other"));
        Files.writeString(dir.resolve("other").resolve(key.fileName()), "damaged");
        assertEquals(Optional.empty(), refusing.lookup(key, l), "a refused archive is not used");
    }

    @Test
    void keepsTheNewestArchivesOnly(@TempDir Path dir) throws IOException {
        ArchiveCache cache = new ArchiveCache(dir, (a, x) -> true);
        for (int i = 0; i < ArchiveCache.KEEP + 3; i++) {
            Path a = Files.writeString(dir.resolve("broker-" + i + ".jsa"), "x");
            Files.setLastModifiedTime(a, FileTime.fromMillis(1_000_000L * (i + 1)));
        }
        cache.prune();
        try (var files = Files.list(dir)) {
            assertEquals(ArchiveCache.KEEP, files.count());
        }
        assertFalse(Files.exists(dir.resolve("broker-0.jsa")), "the oldest went");
        assertTrue(Files.exists(dir.resolve("broker-" + (ArchiveCache.KEEP + 2) + ".jsa")), "the newest stays");
    }

    @Test
    void turnedOffEveryLaunchIsPlainAndPreparingIsHarmless() {
        ClassDataSharing off = ClassDataSharing.off();
        off.prepare();
        assertEquals(ClassDataSharing.Launch.PLAIN, off.next());
        off.finished(off.next(), true);
    }

    @Test
    void theFirstLaunchOnAMissDumpsAndLaterOnesUseThePublishedArchive(@TempDir Path dir) throws IOException {
        JvmLaunch l = launch(jar(dir), "broker");
        ClassDataSharing sharing = new ClassDataSharing(new ArchiveCache(dir.resolve("cache"), (a, x) -> true), l, true);
        ClassDataSharing.Launch first = sharing.next();
        assertTrue(first.flags().get(0).startsWith("-XX:ArchiveClassesAtExit="), first.flags().toString());
        assertEquals(List.of(), sharing.next().flags(), "one dump per cluster, the others start plain");
        Files.writeString(first.dumpFile(), "archive");
        sharing.finished(first, true);
        assertEquals(List.of("-XX:SharedArchiveFile=" + dir.resolve("cache").resolve(ArchiveKey.of(l).fileName())), sharing.next().flags());
    }

    @Test
    void aKilledDumperLeavesNothingAndLaunchesFallBackToNoArchive(@TempDir Path dir) throws IOException {
        JvmLaunch l = launch(jar(dir), "broker");
        ClassDataSharing sharing = new ClassDataSharing(new ArchiveCache(dir.resolve("cache"), (a, x) -> true), l, true);
        ClassDataSharing.Launch first = sharing.next();
        Files.writeString(first.dumpFile(), "half an arch");
        sharing.finished(first, false);
        assertFalse(Files.exists(first.dumpFile()), "a killed JVM's dump is discarded");
        assertEquals(List.of(), sharing.next().flags());

        assertEquals(List.of(), new ClassDataSharing(null, l, true).next().flags(), "archives turned off");
        assertEquals(List.of(), new ClassDataSharing(new ArchiveCache(dir.resolve("cache2"), (a, x) -> true), l, false).next().flags(),
                "no archive and not allowed to make one");
        Path notADir = Files.writeString(dir.resolve("file"), "x");
        ClassDataSharing unwritable = new ClassDataSharing(new ArchiveCache(notADir.resolve("cds"), (a, x) -> true), l, true);
        ClassDataSharing.Launch plain = unwritable.next();
        assertEquals(List.of(), plain.flags(), "a cache folder that cannot be made means no archive");
        assertNull(plain.dumpFile());
    }

    @Test
    void theJvmRefusesAnArchiveThatIsNotOne(@TempDir Path dir) throws IOException {
        Path garbage = Files.write(dir.resolve("broker-x.jsa"), new byte[4096]);
        assertFalse(new JvmArchiveCheck().usable(garbage, launch(jar(dir), "broker")));
        assertFalse(new JvmArchiveCheck().usable(dir.resolve("missing.jsa"), launch(jar(dir), "broker")));
    }
}
