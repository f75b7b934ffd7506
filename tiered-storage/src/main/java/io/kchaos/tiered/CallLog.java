package io.kchaos.tiered;

import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentId;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * One line per storage call, appended to {@code calls-<broker id>.log} in the bucket (a file per broker, as brokers
 * share the bucket): {@code <epoch ms> <op> <topic>-<partition> <segment id> <outcome> <detail>}; see docs/format.md.
 */
final class CallLog implements Closeable {
    /** The detail of a call a remote-tier fault failed without running it. */
    static final String INJECTED = BucketLayout.INJECTED;

    private final FileChannel out;
    private boolean failed;

    private CallLog(FileChannel out) {
        this.out = out;
    }

    /** The file a broker's calls go to. */
    static Path fileOf(Path bucket, String brokerId) {
        return bucket.resolve("calls-" + brokerId + ".log");
    }

    /** The detail of a call delayed {@code ms} by a remote-tier fault. */
    static String delayed(String detail, long ms) {
        return detail + " " + BucketLayout.INJECTED_DELAY + ms;
    }

    static CallLog open(Path bucket, String brokerId) throws IOException {
        return new CallLog(FileChannel.open(fileOf(bucket, brokerId),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
    }

    /**
     * Appends one call (not fsynced: a power loss may lose the last lines). A write that fails is reported once on
     * stderr and never fails the call it records.
     */
    synchronized void record(String op, RemoteLogSegmentId id, Outcome outcome, String detail) {
        append(op, id, outcome, detail);
    }

    /**
     * Appends that a call began and forces it to disk before the call runs: a delete's intent, so an object gone with
     * no {@code ok} line (the broker killed mid-delete) is still known to have been deleted by Kafka, not lost.
     */
    synchronized void recordStart(String op, RemoteLogSegmentId id) {
        append(op, id, Outcome.STARTED, "-");
        try {
            out.force(false);
        } catch (IOException e) {
            if (!failed) System.err.println("kchaos tiered storage: cannot sync its call log: " + e);
            failed = true;
        }
    }

    private void append(String op, RemoteLogSegmentId id, Outcome outcome, String detail) {
        String line = System.currentTimeMillis() + " " + op + " " + id.topicIdPartition().topic() + "-" + id.topicIdPartition().partition()
                + " " + id.id() + " " + outcome.label() + " " + detail + "\n";
        try {
            ByteBuffer b = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
            while (b.hasRemaining()) out.write(b);
        } catch (IOException e) {
            if (!failed) System.err.println("kchaos tiered storage: cannot append to its call log: " + e);
            failed = true;
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

    /** How a call ended: done, the segment (or that index) was not there, or another error. */
    enum Outcome {
        OK, MISSING, FAILED,
        /** Not an outcome: the call is about to run ({@link #recordStart}). */
        STARTED;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
