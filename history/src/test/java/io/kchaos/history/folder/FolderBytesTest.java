package io.kchaos.history.folder;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A folder's bytes count its regular files only, never what a symbolic link points at; sizes read as a person reads them. */
class FolderBytesTest {
    @TempDir
    Path dir;

    @Test
    void countsRegularFilesAndNotWhatLinksPointAt(@TempDir Path elsewhere) throws IOException {
        Files.write(Files.createDirectories(dir.resolve("a/b")).resolve("f"), new byte[1000]);
        Files.write(dir.resolve("g"), new byte[24]);
        Path big = Files.write(elsewhere.resolve("big"), new byte[5000]);
        Files.createSymbolicLink(dir.resolve("link"), big);
        Files.createSymbolicLink(dir.resolve("dirlink"), elsewhere);
        assertEquals(1024, FolderBytes.of(dir));
        assertEquals(0, FolderBytes.of(dir.resolve("missing")));
    }

    @Test
    void humanSizes() {
        assertEquals("870 B", FolderBytes.human(870));
        assertEquals("2.4 MB", FolderBytes.human(2_400_000));
        assertEquals("412 MB", FolderBytes.human(412_000_000));
        assertEquals("3.1 GB", FolderBytes.human(3_100_000_000L));
        assertEquals("12 kB", FolderBytes.human(12_345));
    }
}
