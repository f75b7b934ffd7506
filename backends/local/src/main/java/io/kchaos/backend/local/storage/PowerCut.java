package io.kchaos.backend.local.storage;

import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.PowerControl.DroppedBytes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Applies a power loss to the data directory of a node whose broker is dead: every file is cut to its durable length
 * (its content as of its last successful sync; a file never synced becomes empty, but exists: creating, renaming and
 * deleting persist). On a lying disk ({@link SyncMarks#lie()}) a file in the lie's scope keeps only what it had synced
 * before the lie began. Memory-mapped offset and time indexes ({@code .index}, {@code .timeindex}) are left whole: Kafka
 * writes them through a mapping whose sync the agent cannot attribute to a file, keeping more than was synced is a
 * state a real machine also reaches, and Kafka rebuilds the indexes of every segment above the recovery point.
 */
public final class PowerCut {
    private static final Pattern MAPPED_INDEX = Pattern.compile(".*\\.(index|timeindex)(\\.(deleted|cleaned|swap))?");

    private PowerCut() {
    }

    /**
     * Cuts every file under {@code dataDir}; returns those that lost bytes, paths relative to {@code dataDir}. Each cut
     * is read back (the file's size on disk), else {@link FaultNotHeld}.
     */
    public static List<DroppedBytes> apply(Path dataDir, SyncMarks marks, TornWrites torn) {
        List<DroppedBytes> dropped = new ArrayList<>();
        for (Path file : SyncJournal.regularFiles(dataDir)) {
            if (MAPPED_INDEX.matcher(file.getFileName().toString()).matches()) continue;
            try {
                long length = Files.size(file);
                String relative = dataDir.relativize(file).toString();
                long keep = torn.keep(marks.survivingLength(Inodes.of(file), relative), length);
                if (keep >= length) continue;
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    ch.truncate(keep);
                }
                long now = Files.size(file);
                if (now != keep) throw new FaultNotHeld("power cut: " + file + " holds " + now + " bytes after its cut to " + keep);
                dropped.add(new DroppedBytes(relative, length, keep));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot cut " + file, e);
            }
        }
        return dropped;
    }
}
