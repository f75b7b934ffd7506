package io.kchaos.backend.ssh;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TarStreamTest {
    @Test
    void theSystemsTarUnpacksEveryFileByteForByte(@TempDir Path dir) throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        byte[] odd = new byte[1000];
        new Random(7).nextBytes(odd);
        Path a = Files.write(in.resolve("kafka-clients-4.4.0.jar"), odd);
        Path empty = Files.write(in.resolve("empty.jar"), new byte[0]);
        Path block = Files.write(in.resolve("exactly-one-block.jar"), new byte[512]);
        Path tar = dir.resolve("all.tar");
        try (InputStream s = TarStream.of(List.of(a, empty, block))) {
            Files.copy(s, tar);
        }
        assertEquals(0, Files.size(tar) % 512, "whole blocks");
        Path out = Files.createDirectories(dir.resolve("out"));
        Process p = new ProcessBuilder("tar", "-xo", "-f", tar.toString(), "-C", out.toString()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), said);
        assertEquals("", said.strip(), "no warning from tar");
        for (Path f : List.of(a, empty, block)) {
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(out.resolve(f.getFileName())), f.toString());
        }
        try (var listed = Files.list(out)) {
            assertEquals(3, listed.count());
        }
    }

    @Test
    void aFileThatGrewAfterItsHeaderGivesOnlyTheBytesTheHeaderNamed() throws Exception {
        byte[] grown = new byte[700];
        new Random(3).nextBytes(grown);
        try (InputStream in = TarStream.limited(new java.io.ByteArrayInputStream(grown), 600)) {
            assertArrayEquals(java.util.Arrays.copyOf(grown, 600), in.readAllBytes());
        }
    }

    @Test
    void aNameAHeaderCannotHoldIsNotStreamed(@TempDir Path dir) throws Exception {
        Path ok = Files.write(dir.resolve("short.jar"), new byte[1]);
        Path longName = Files.write(dir.resolve("x".repeat(100) + ".jar"), new byte[1]);
        assertTrue(TarStream.fits(List.of(ok)));
        assertFalse(TarStream.fits(List.of(ok, longName)));
        assertThrows(IllegalArgumentException.class, () -> TarStream.header("y".repeat(100), 1, 0));
    }
}
