package io.kchaos.checker.replica;

import io.kchaos.history.folder.FolderBytes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Prunes a cleanly stopped broker log dir to what the replica audit needs: writes its replica digest
 * ({@link DigestWriter}, the SSH backend's format) into it ({@link PrunedLogDir}), then deletes every file of its
 * topic-partition folders but the leader-epoch checkpoint and {@code partition.metadata}. The dir's own files
 * (offset checkpoints, {@code meta.properties}) and the KRaft metadata log ({@code __cluster_metadata-0}, which the
 * Raft audit reads byte for byte) stay, but for the metadata log's rebuildable indexes; so do folders not named like
 * a partition, and symbolic links are neither followed nor removed.
 */
public final class LogDirPruner {
    /** The KRaft metadata log's topic: kept whole, so left out of the digest. */
    static final String METADATA_TOPIC = "__cluster_metadata";
    /** The files a partition folder keeps: its checkpoints. */
    static final Set<String> KEPT_IN_PARTITION = Set.of(LeaderEpochCheckpoint.FILE_NAME, "partition.metadata");

    private final AckedOffsets acked;

    /** @param acked the offsets whose records the digest carries (the history's acknowledged sends) */
    public LogDirPruner(AckedOffsets acked) {
        this.acked = acked;
    }

    /**
     * What pruning one log dir did: its bytes before and after (the digest included), the digest's size, the bytes of
     * the metadata log kept whole in it (0 when it holds none), and how many files were deleted.
     */
    public record Outcome(Path dir, long bytesBefore, long bytesAfter, long digestBytes, long metadataLogBytes, int filesRemoved) {
    }

    /**
     * Prunes {@code dir}; a dir pruned before is left as it is. Throws {@link InvalidLogDirException} for a dir that is
     * not a log dir (no readable {@code meta.properties}), with nothing deleted.
     */
    public Outcome prune(Path dir) throws IOException {
        long before = FolderBytes.of(dir);
        Path digest = PrunedLogDir.digestOf(dir);
        int removed = 0;
        if (!PrunedLogDir.isPruned(dir)) {
            BrokerLogDir.open(dir, t -> false); // InvalidLogDirException for what is not a log dir: nothing deleted
            writeDigest(dir, digest);
            for (Path folder : partitionFolders(dir)) removed += prunePartition(folder);
            removed += pruneRebuildableIndexes(metadataLog(dir));
        }
        return new Outcome(dir, before, FolderBytes.of(dir), Files.size(digest), FolderBytes.of(metadataLog(dir)), removed);
    }

    /** Writes the digest beside, then moves it in place: a dir holds a whole digest or none. */
    private void writeDigest(Path dir, Path digest) throws IOException {
        Path partial = dir.resolve(PrunedLogDir.FILE + ".partial");
        try {
            new DigestWriter(acked, t -> !t.equals(METADATA_TOPIC)).write(List.of(dir), partial);
            Files.move(partial, digest, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** The folder of the metadata log inside a log dir (it may not exist). */
    static Path metadataLog(Path dir) {
        return dir.resolve(METADATA_TOPIC + "-0");
    }

    /**
     * The data partitions' folders, and the replicas Kafka has retired but not yet removed ({@code -delete} folders,
     * deleted file.delete.delay.ms after a reassignment moved the replica away or a topic was deleted, and
     * {@code -stray} ones): no audit reads those, and each holds two preallocated 10 MiB indexes.
     */
    private static List<Path> partitionFolders(Path dir) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(c -> Files.isDirectory(c, LinkOption.NOFOLLOW_LINKS))
                    .filter(c -> isRetiredReplica(c.getFileName().toString())
                            || PartitionDir.parseName(c.getFileName().toString()).filter(tp -> !tp.topic().equals(METADATA_TOPIC)).isPresent())
                    .sorted().toList();
        }
    }

    private static boolean isRetiredReplica(String folderName) {
        return folderName.endsWith("-delete") || folderName.endsWith("-stray");
    }

    /**
     * The metadata log's offset and time indexes: Kafka preallocates each at 10 MiB (sparse on disk, but counted so by
     * every copy and archive) and rebuilds them from the segments; the Raft audit reads only segments, snapshots and
     * quorum-state. Returns how many were deleted.
     */
    private static int pruneRebuildableIndexes(Path metadataLog) throws IOException {
        if (!Files.isDirectory(metadataLog, LinkOption.NOFOLLOW_LINKS)) return 0;
        int removed = 0;
        try (Stream<Path> files = Files.list(metadataLog)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) && (name.endsWith(".index") || name.endsWith(".timeindex"))) {
                    Files.delete(f);
                    removed++;
                }
            }
        }
        return removed;
    }

    private static int prunePartition(Path folder) throws IOException {
        int removed = 0;
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.sorted().toList()) {
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) && !KEPT_IN_PARTITION.contains(f.getFileName().toString())) {
                    Files.delete(f);
                    removed++;
                }
            }
        }
        return removed;
    }
}
