package io.kchaos.tiered;

import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.server.log.remote.storage.LogSegmentData;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentId;
import org.apache.kafka.server.log.remote.storage.RemoteResourceNotFoundException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.UUID;

/**
 * A bucket folder of remote segments, each a folder {@code <topic>-<partition>/<segment id>/} that appears whole or
 * not at all: it is written under a staging name and renamed into place, and renamed away before it is deleted.
 */
final class Bucket {
    /** Name prefixes of the folders a copy or delete is working on; a crash may leave them, and no fetch sees them. */
    static final String STAGING_PREFIX = ".copying-";
    static final String DELETING_PREFIX = ".deleting-";

    private final Path root;

    Bucket(Path root) throws IOException {
        this.root = Files.createDirectories(root).toAbsolutePath();
    }

    Path root() {
        return root;
    }

    /** The folder of one topic partition's segments. */
    Path partitionFolder(TopicIdPartition tp) {
        return root.resolve(tp.topic() + "-" + tp.partition());
    }

    /** The folder of one segment, whether or not it exists. */
    Path segmentFolder(RemoteLogSegmentId id) {
        return partitionFolder(id.topicIdPartition()).resolve(id.id().toString());
    }

    /**
     * Stores a segment's log, indexes and leader-epoch checkpoint, on disk when this returns; the bytes stored.
     *
     * @throws FileAlreadyExistsException when the segment is already there (Kafka gives every copy attempt a new id)
     */
    long put(RemoteLogSegmentId id, LogSegmentData data) throws IOException {
        Path partition = partitionFolder(id.topicIdPartition());
        Path target = segmentFolder(id);
        if (!Files.isDirectory(partition)) {
            Files.createDirectories(partition);
            DurableFiles.syncFolder(root);
        }
        if (Files.exists(target)) throw new FileAlreadyExistsException(target.toString());
        Path staging = Files.createTempDirectory(partition, STAGING_PREFIX + id.id() + "-");
        try {
            long bytes = DurableFiles.copy(data.logSegment(), staging.resolve(SegmentFile.LOG.fileName()));
            bytes += DurableFiles.copy(data.offsetIndex(), staging.resolve(SegmentFile.OFFSET_INDEX.fileName()));
            bytes += DurableFiles.copy(data.timeIndex(), staging.resolve(SegmentFile.TIME_INDEX.fileName()));
            Optional<Path> txn = data.transactionIndex();
            if (txn.isPresent()) bytes += DurableFiles.copy(txn.get(), staging.resolve(SegmentFile.TRANSACTION_INDEX.fileName()));
            bytes += DurableFiles.copy(data.producerSnapshotIndex(), staging.resolve(SegmentFile.PRODUCER_SNAPSHOT.fileName()));
            bytes += DurableFiles.write(data.leaderEpochIndex(), staging.resolve(SegmentFile.LEADER_EPOCH_CHECKPOINT.fileName()));
            DurableFiles.syncFolder(staging);
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            DurableFiles.syncFolder(partition);
            return bytes;
        } catch (IOException | RuntimeException e) {
            DurableFiles.deleteTree(staging);
            throw e;
        }
    }

    /**
     * Opens one file of a stored segment for reading.
     *
     * @throws RemoteResourceNotFoundException when the segment, or that file of it (a transaction index), is not there
     */
    FileChannel open(RemoteLogSegmentId id, SegmentFile file) throws IOException, RemoteResourceNotFoundException {
        Path path = segmentFolder(id).resolve(file.fileName());
        try {
            return FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new RemoteResourceNotFoundException("no " + file.fileName() + " of remote segment " + id + " in " + root);
        }
    }

    /**
     * Deletes a stored segment: renamed away first (one atomic step, on disk when this returns), then removed.
     *
     * @throws RemoteResourceNotFoundException when it is not there (deleted already, or never copied)
     */
    void delete(RemoteLogSegmentId id) throws IOException, RemoteResourceNotFoundException {
        Path partition = partitionFolder(id.topicIdPartition());
        Path doomed = partition.resolve(DELETING_PREFIX + id.id() + "-" + UUID.randomUUID());
        try {
            Files.move(segmentFolder(id), doomed, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            throw new RemoteResourceNotFoundException("no remote segment " + id + " in " + root);
        }
        DurableFiles.syncFolder(partition);
        DurableFiles.deleteTree(doomed);
    }
}
