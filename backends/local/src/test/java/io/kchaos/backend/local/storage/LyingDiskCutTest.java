package io.kchaos.backend.local.storage;

import io.kchaos.nemesis.cluster.PowerControl.DroppedBytes;
import io.kchaos.nemesis.cluster.PowerControl.LieScope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A lying disk on real files: the journal written as the agent writes it, the lie and the cut through {@link SyncTracking}. */
class LyingDiskCutTest {
    @TempDir
    Path node;

    private Path data() throws IOException {
        return Files.createDirectories(node.resolve("data"));
    }

    private void write(Path file, int bytes) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[bytes], StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** What the agent journals after a successful fsync of {@code file}. */
    private void sync(Path file) throws IOException {
        Files.writeString(node.resolve("sync-journal.log"), "S " + Inodes.of(file) + " " + Files.size(file) + "\n",
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private List<DroppedBytes> cut() throws IOException {
        return tracking().cut(node, data(), false, new Random(1));
    }

    private static SyncTracking tracking() {
        return new SyncTracking(Path.of("unused-agent.jar"));
    }

    @Test
    void aMetadataSyncAfterTheLieIsLostAtThePowerCutAndOneBeforeItIsKept() throws IOException {
        Path log = data().resolve("__cluster_metadata-0/00000000000000000000.log");
        Path topic = data().resolve("t-0/00000000000000000000.log");
        write(log, 1000);
        sync(log);
        write(topic, 500);
        tracking().lie(node, LieScope.METADATA);
        write(log, 700);
        sync(log); // Kafka's fsync returned: it acknowledges what it wrote
        sync(topic);

        List<DroppedBytes> dropped = cut();

        assertEquals(List.of(new DroppedBytes("__cluster_metadata-0/00000000000000000000.log", 1700, 1000)), dropped);
        assertEquals(500, Files.size(topic), "outside the metadata log the disk was honest");
    }

    @Test
    void thePowerCutEndsTheLie() throws IOException {
        Path log = data().resolve("__cluster_metadata-0/00000000000000000000.log");
        write(log, 100);
        sync(log);
        tracking().lie(node, LieScope.NODE);
        write(log, 100);
        sync(log);
        assertEquals(100, cut().get(0).dropped());
        assertTrue(new SyncJournal(node.resolve("sync-journal.log")).read().lie().isEmpty(), "the cut applied the lie and ended it");

        write(log, 50);
        sync(log);
        assertEquals(List.of(), cut(), "after the lie, an honest disk: the new sync survives");
        assertEquals(150, Files.size(log));
    }

    @Test
    void anHonestNodeLosesOnlyWhatItNeverSynced() throws IOException {
        Path log = data().resolve("__cluster_metadata-0/00000000000000000000.log");
        write(log, 100);
        sync(log);
        write(log, 30);
        assertEquals(List.of(new DroppedBytes("__cluster_metadata-0/00000000000000000000.log", 130, 100)), cut());
    }
}
