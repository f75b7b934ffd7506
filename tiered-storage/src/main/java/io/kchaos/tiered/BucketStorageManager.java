package io.kchaos.tiered;

import io.kchaos.tiered.CallLog.Outcome;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.server.log.remote.storage.LogSegmentData;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentId;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata.CustomMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteResourceNotFoundException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageManager;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Kafka's tiered storage on a plain folder, the bucket, that every broker of a cluster shares: segments are stored
 * atomically and durably ({@link Bucket}) and every call is logged ({@link CallLog}). Kafka 3.9 to 4.4.
 */
public final class BucketStorageManager implements RemoteStorageManager {
    /** The bucket folder, given to the broker as {@code rsm.config.bucket.dir} (the storage manager's config prefix). */
    public static final String BUCKET_DIR = "bucket.dir";
    /** What Kafka adds to the storage manager's settings: the broker's id, which names its call log. */
    static final String BROKER_ID = "broker.id";

    private volatile Bucket bucket;
    private volatile CallLog calls;
    private volatile FaultSwitch faults;

    @Override
    public void configure(Map<String, ?> configs) {
        Object dir = configs.get(BUCKET_DIR);
        if (dir == null || dir.toString().isBlank()) throw new ConfigException(BUCKET_DIR + " (the bucket folder) is not set");
        Object brokerId = configs.get(BROKER_ID);
        try {
            bucket = new Bucket(Path.of(dir.toString()));
            String broker = brokerId == null ? "unknown" : brokerId.toString();
            calls = CallLog.open(bucket.root(), broker);
            faults = new FaultSwitch(bucket.root(), broker);
        } catch (IOException e) {
            throw new ConfigException("cannot open the bucket " + dir + ": " + e);
        }
    }

    @Override
    public Optional<CustomMetadata> copyLogSegmentData(RemoteLogSegmentMetadata metadata, LogSegmentData data) throws RemoteStorageException {
        RemoteLogSegmentId id = metadata.remoteLogSegmentId();
        call("copy", id, Integer.toString(metadata.segmentSizeInBytes()), () -> bucket.put(id, data));
        return Optional.empty();
    }

    @Override
    public InputStream fetchLogSegment(RemoteLogSegmentMetadata metadata, int startPosition) throws RemoteStorageException {
        if (startPosition < 0) throw new IllegalArgumentException("start position " + startPosition + " < 0");
        RemoteLogSegmentId id = metadata.remoteLogSegmentId();
        return call("fetch-log", id, startPosition + "-", () -> streamFrom(bucket.open(id, SegmentFile.LOG), startPosition));
    }

    /** The bytes from {@code startPosition} to {@code endPosition}, both included (fewer at the end of the segment). */
    @Override
    public InputStream fetchLogSegment(RemoteLogSegmentMetadata metadata, int startPosition, int endPosition) throws RemoteStorageException {
        if (startPosition < 0 || endPosition < startPosition) {
            throw new IllegalArgumentException("bad range " + startPosition + "-" + endPosition);
        }
        RemoteLogSegmentId id = metadata.remoteLogSegmentId();
        return call("fetch-log", id, startPosition + "-" + endPosition, () -> new RangeInputStream(
                streamFrom(bucket.open(id, SegmentFile.LOG), startPosition), (long) endPosition - startPosition + 1));
    }

    @Override
    public InputStream fetchIndex(RemoteLogSegmentMetadata metadata, IndexType indexType) throws RemoteStorageException {
        RemoteLogSegmentId id = metadata.remoteLogSegmentId();
        return call("fetch-index", id, indexType.name(), () -> streamFrom(bucket.open(id, SegmentFile.of(indexType)), 0));
    }

    /** Deletes a segment; one that is not there (deleted before, or never copied) is no error. */
    @Override
    public void deleteLogSegmentData(RemoteLogSegmentMetadata metadata) throws RemoteStorageException {
        RemoteLogSegmentId id = metadata.remoteLogSegmentId();
        if (bucket != null) calls.recordStart("delete", id);
        try {
            call("delete", id, "-", () -> {
                bucket.delete(id);
                return null;
            });
        } catch (RemoteResourceNotFoundException alreadyGone) {
            // idempotent: Kafka retries a delete that failed part way, and a second delete finds nothing
        }
    }

    @Override
    public void close() throws IOException {
        CallLog c = calls;
        if (c != null) c.close();
    }

    private static InputStream streamFrom(FileChannel file, long position) throws IOException {
        try {
            return Channels.newInputStream(file.position(position));
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /**
     * Runs one storage call and logs how it ended; an I/O error becomes Kafka's {@link RemoteStorageException}. A
     * remote-tier fault in force ({@link FaultSwitch}) delays the call first, or fails it without running it.
     */
    private <T> T call(String op, RemoteLogSegmentId id, String detail, StorageCall<T> body) throws RemoteStorageException {
        if (bucket == null) throw new IllegalStateException("not configured");
        FaultSwitch.Injection injection = faults.next();
        if (injection.fail()) {
            calls.record(op, id, Outcome.FAILED, CallLog.INJECTED);
            throw new RemoteStorageException(op + " of remote segment " + id + " failed: injected by a kchaos remote-tier fault");
        }
        String logged = detail;
        if (injection.delayMs() > 0) {
            logged = CallLog.delayed(detail, injection.delayMs());
            try {
                Thread.sleep(injection.delayMs());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                calls.record(op, id, Outcome.FAILED, logged);
                throw new RemoteStorageException(op + " of remote segment " + id + " interrupted in its injected delay", e);
            }
        }
        try {
            T result = body.run();
            calls.record(op, id, Outcome.OK, logged);
            return result;
        } catch (RemoteResourceNotFoundException e) {
            calls.record(op, id, Outcome.MISSING, logged);
            throw e;
        } catch (IOException | RuntimeException e) {
            calls.record(op, id, Outcome.FAILED, logged);
            throw new RemoteStorageException(op + " of remote segment " + id + " failed: " + e, e);
        }
    }

    /** One call on the bucket. */
    @FunctionalInterface
    private interface StorageCall<T> {
        T run() throws IOException, RemoteResourceNotFoundException;
    }
}
