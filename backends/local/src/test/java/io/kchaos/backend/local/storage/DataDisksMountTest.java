package io.kchaos.backend.local.storage;

import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.cluster.os.ProcessCommandRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Real size-limited data disks (root, no brokers): a fill stops at ENOSPC within the size, a free gives the space back,
 * release keeps the contents and leaves nothing mounted; and a disk a dead harness left is unmounted by the janitor.
 */
class DataDisksMountTest {
    private final CommandRunner runner = new ProcessCommandRunner();

    @TempDir
    Path tmp;

    private static boolean mounted(Path dir) {
        return MountTable.read().stream().anyMatch(m -> m.target().equals(dir.toAbsolutePath().toString()));
    }

    @Test
    void fillStopsAtTheSizeFreeGivesItBackReleaseKeepsTheDataAndUnmounts() throws Exception {
        assumeTrue(DataDisks.canMount(runner), "needs root to mount");
        Path data = tmp.resolve("nodes/1/data");
        DataDisks disks = new DataDisks(true, 8, runner);
        LocalStorage storage = new LocalStorage(id -> data, id -> false, id -> { }, disks);
        try {
            disks.prepare(1, data);
            assertTrue(mounted(data), "the data directory is a mount");
            Files.writeString(data.resolve("meta.properties"), "node.id=1\n");
            long bytes = storage.fill(1).get("bytes").asLong();
            assertTrue(bytes > 7 * 1024 * 1024 && bytes <= 8 * 1024 * 1024, "filled to the size: " + bytes);
            assertThrows(java.io.IOException.class, () -> Files.writeString(data.resolve("more"), "x".repeat(8192)), "writes fail when full");
            storage.free(1);
            Files.writeString(data.resolve("more"), "x".repeat(8192));
        } finally {
            disks.release();
        }
        assertFalse(mounted(data), "nothing stays mounted");
        assertEquals("node.id=1\n", Files.readString(data.resolve("meta.properties")), "the contents are kept for the audit");
        assertFalse(Files.exists(data.resolve(DiskFiller.FILL_FILE)));
        assertFalse(Files.exists(tmp.resolve("nodes/1/data.saved")));
    }

    @Test
    void aDiskOfADeadHarnessIsUnmountedByTheJanitor() throws Exception {
        assumeTrue(DataDisks.canMount(runner), "needs root to mount");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path data = Files.createDirectories(tmp.resolve("orphan"));
        runner.check("mount", "-t", "tmpfs", "-o", "size=1m", DiskNames.of(gone.pid(), 1), data.toString());
        try {
            List<String> removed = new DiskJanitor(runner).sweep();
            assertTrue(removed.contains("mount " + DiskNames.of(gone.pid(), 1) + " on " + data), removed.toString());
            assertFalse(mounted(data));
        } finally {
            if (mounted(data)) runner.run("umount", "-l", data.toString());
        }
    }

    @Test
    void wipeAndCorruptRefuseARunningNodeAndFillRefusesAPlainDirectory() {
        LocalStorage storage = new LocalStorage(id -> tmp, id -> true, id -> { }, DataDisks.plain(runner));
        assertThrows(IllegalStateException.class, () -> storage.wipe(1));
        assertThrows(IllegalStateException.class, () -> storage.corruptSegment(1, new Random(1)));
        assertThrows(IllegalStateException.class, () -> storage.fill(1));
    }
}
