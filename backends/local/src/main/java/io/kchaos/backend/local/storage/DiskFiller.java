package io.kchaos.backend.local.storage;

import io.kchaos.nemesis.cluster.FaultNotHeld;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Fills a data directory's file system with one file until a write fails (ENOSPC), in 1 MiB then 4 KiB writes, and
 * deletes it again; the fill holds once the file system reads back less free space than one 4 KiB write. The file
 * sits beside Kafka's partition folders, where Kafka looks for folders only.
 */
final class DiskFiller {
    static final String FILL_FILE = ".kchaos-fill";
    private static final int LAST_CHUNK = 4096;

    private DiskFiller() {
    }

    /** Fills the file system under {@code dataDir}; returns the bytes written. */
    static long fill(Path dataDir) {
        long written = 0;
        try (FileChannel ch = FileChannel.open(dataDir.resolve(FILL_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            for (int chunk : new int[] {1 << 20, LAST_CHUNK}) {
                ByteBuffer b = ByteBuffer.allocate(chunk);
                while (true) {
                    b.clear();
                    try {
                        while (b.hasRemaining()) written += ch.write(b);
                    } catch (IOException full) {
                        break;
                    }
                }
            }
        } catch (IOException e) {
            if (written == 0 && !Files.exists(dataDir.resolve(FILL_FILE))) throw new UncheckedIOException("cannot fill " + dataDir, e);
        }
        requireFull(dataDir, written, usableSpace(dataDir));
        return written;
    }

    /**
     * The fill holds when what is left free is less than its last, smallest write (a write that failed for another
     * reason than ENOSPC leaves more): else {@link FaultNotHeld} saying how much was left.
     */
    static void requireFull(Path dataDir, long written, long usable) {
        if (usable >= LAST_CHUNK) {
            throw new FaultNotHeld("disk full: " + dataDir + " still has " + usable + " bytes free after " + written + " bytes were written");
        }
    }

    private static long usableSpace(Path dataDir) {
        try {
            return Files.getFileStore(dataDir).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the free space of " + dataDir, e);
        }
    }

    /** Deletes what {@link #fill} wrote. */
    static void free(Path dataDir) {
        try {
            Files.deleteIfExists(dataDir.resolve(FILL_FILE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot free " + dataDir, e);
        }
    }
}
