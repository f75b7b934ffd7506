package io.kchaos.backend.local.storage;

import io.kchaos.nemesis.cluster.PowerControl.DroppedBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cut on real files with a journal written as the agent writes it. */
class PowerCutTest {

    private static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static void sync(Path journal, Path file) throws IOException {
        Files.writeString(journal, "S " + Inodes.of(file) + " " + Files.size(file) + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void unsyncedBytesAreDroppedAndSyncedBytesKept(@TempDir Path dir) throws IOException {
        Path data = Files.createDirectories(dir.resolve("data/topic-0"));
        Path journal = dir.resolve("journal");
        Path segment = data.resolve("00000000000000000000.log");
        byte[] synced = bytes(10_000, 1);
        Files.write(segment, synced);
        sync(journal, segment);
        Files.write(segment, bytes(5_000, 2), StandardOpenOption.APPEND);

        List<DroppedBytes> dropped = PowerCut.apply(dir.resolve("data"), new SyncJournal(journal).read(), TornWrites.NONE);

        assertArrayEquals(synced, Files.readAllBytes(segment), "positive control: every synced byte is kept");
        assertEquals(List.of(new DroppedBytes("topic-0/00000000000000000000.log", 15_000, 10_000)), dropped,
                "negative control: the 5000 unsynced bytes are gone");
    }

    @Test
    void aFileNeverSyncedIsEmptyButExists(@TempDir Path dir) throws IOException {
        Path f = Files.createDirectories(dir.resolve("data")).resolve("partition.metadata");
        Files.write(f, bytes(40, 3));
        PowerCut.apply(dir.resolve("data"), new SyncMarks(), TornWrites.NONE);
        assertTrue(Files.exists(f));
        assertEquals(0, Files.size(f));
    }

    @Test
    void aRenameKeepsTheSyncOfItsInodeAndAnUnsyncedRenamedFileIsEmpty(@TempDir Path dir) throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        Path journal = dir.resolve("journal");
        Path tmp = data.resolve("recovery-point-offset-checkpoint.tmp");
        Files.writeString(tmp, "0\n1\nt 0 42\n");
        sync(journal, tmp);
        Files.move(tmp, data.resolve("recovery-point-offset-checkpoint"), StandardCopyOption.ATOMIC_MOVE);
        // KAFKA-16541's pattern: written, renamed into place, never synced
        Path epochTmp = data.resolve("leader-epoch-checkpoint.tmp");
        Files.writeString(epochTmp, "0\n1\n0 0\n");
        Files.move(epochTmp, data.resolve("leader-epoch-checkpoint"), StandardCopyOption.ATOMIC_MOVE);

        PowerCut.apply(data, new SyncJournal(journal).read(), TornWrites.NONE);

        assertEquals("0\n1\nt 0 42\n", Files.readString(data.resolve("recovery-point-offset-checkpoint")));
        assertEquals("", Files.readString(data.resolve("leader-epoch-checkpoint")));
    }

    @Test
    void mappedIndexesAreKeptWhole(@TempDir Path dir) throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        Path index = data.resolve("00000000000000000000.index");
        Path timeIndex = data.resolve("00000000000000000000.timeindex");
        Files.write(index, bytes(4096, 4));
        Files.write(timeIndex, bytes(4096, 5));
        assertEquals(List.of(), PowerCut.apply(data, new SyncMarks(), TornWrites.NONE));
        assertEquals(4096, Files.size(index));
        assertEquals(4096, Files.size(timeIndex));
    }

    @Test
    void theBaselineMakesTodaysFilesDurable(@TempDir Path dir) throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        Path meta = data.resolve("meta.properties");
        Files.writeString(meta, "node.id=1\n");
        SyncJournal journal = new SyncJournal(dir.resolve("journal"));
        journal.recordBaseline(data);
        Files.writeString(meta, "more, unsynced\n", StandardOpenOption.APPEND);
        PowerCut.apply(data, journal.read(), TornWrites.NONE);
        assertEquals("node.id=1\n", Files.readString(meta));
    }

    @Test
    void tornWritesKeepAPageAlignedPrefixOfTheUnsyncedTail(@TempDir Path dir) throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        Path journal = dir.resolve("journal");
        Path segment = data.resolve("00000000000000000000.log");
        Files.write(segment, bytes(5_000, 6));
        sync(journal, segment);
        Files.write(segment, bytes(40_000, 7), StandardOpenOption.APPEND);
        Random random = new Random(11);
        PowerCut.apply(data, new SyncJournal(journal).read(), TornWrites.randomPrefix(random));
        long kept = Files.size(segment);
        assertTrue(kept >= 5_000 && kept <= 45_000, "between the synced length and the file's length: " + kept);
        assertTrue(kept == 5_000 || kept == 45_000 || kept % TornWrites.PAGE == 0, "ends on a page boundary: " + kept);
    }

    @Test
    void tornWritesDrawEveryEndFromSyncedToFull() {
        TornWrites torn = TornWrites.randomPrefix(new Random(3));
        java.util.Set<Long> seen = new java.util.TreeSet<>();
        for (int i = 0; i < 2000; i++) seen.add(torn.keep(5_000, 13_000));
        assertEquals(java.util.Set.of(5_000L, 8_192L, 12_288L, 13_000L), seen);
        assertEquals(13_000, torn.keep(13_000, 13_000));
    }
}
