package io.kchaos.checker.raft;

import io.kchaos.checker.replica.BatchInfo;
import io.kchaos.checker.replica.LogCursor;
import io.kchaos.checker.replica.LogEvent;
import io.kchaos.checker.replica.PartitionDir;
import io.kchaos.checker.replica.Segment;
import org.apache.kafka.common.record.ControlRecordType;
import org.apache.kafka.common.record.ControlRecordUtils;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.Record;
import org.apache.kafka.common.record.RecordBatch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The voter set a node's metadata log names last: its latest {@code VotersRecord} (KIP-853) or a
 * {@code LeaderChangeMessage}'s voters, in its log or its snapshots (a snapshot's as of its end offset). The control
 * records are decoded with Kafka's record API, as {@code SegmentBatchReader} reads batches.
 *
 * @param voters the voter ids
 * @param offset the offset of the record that names them
 * @param record {@code VotersRecord} or {@code LeaderChangeMessage}
 */
public record LoggedVoters(Set<Integer> voters, long offset, String record) {

    /** The latest voter set in {@code metadataDir}'s {@code __cluster_metadata-0}; empty when no control record names one. */
    public static Optional<LoggedVoters> read(Path metadataDir) {
        Path folder = metadataDir.resolve(MetadataNode.PARTITION_FOLDER);
        if (!Files.isDirectory(folder)) return Optional.empty();
        LoggedVoters latest = null;
        try (LogCursor cursor = PartitionDir.read(folder, MetadataLog.METADATA).openCursor()) {
            latest = latestIn(cursor, -1, latest);
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (SnapshotFile s : files.map(SnapshotFile::of).flatMap(Optional::stream).toList()) {
                try (LogCursor cursor = new LogCursor(List.of(new Segment(s.path(), 0)))) {
                    latest = latestIn(cursor, s.endOffset() - 1, latest);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder + ": " + e.getMessage(), e);
        }
        return Optional.ofNullable(latest);
    }

    /** The later of {@code latest} and the voter sets the cursor's control batches name ({@code at} ≥ 0: every one at that offset). */
    private static LoggedVoters latestIn(LogCursor cursor, long at, LoggedVoters latest) {
        for (LogEvent e = cursor.next(); e != null; e = cursor.next()) {
            if (!(e instanceof BatchInfo b) || !b.control() || !b.crcValid()) continue;
            for (RecordBatch batch : MemoryRecords.readableRecords(bytes(b)).batches()) {
                for (Record r : batch) {
                    LoggedVoters named = named(r, at >= 0 ? at : r.offset());
                    if (named != null && (latest == null || named.offset() >= latest.offset())) latest = named;
                }
            }
        }
        return latest;
    }

    private static LoggedVoters named(Record r, long offset) {
        if (!r.hasKey()) return null;
        ControlRecordType type = ControlRecordType.parse(r.key());
        Set<Integer> ids = new TreeSet<>();
        if (type == ControlRecordType.KRAFT_VOTERS) {
            ControlRecordUtils.deserializeVotersRecord(r).voters().forEach(v -> ids.add(v.voterId()));
            return new LoggedVoters(ids, offset, "VotersRecord");
        }
        if (type == ControlRecordType.LEADER_CHANGE) {
            ControlRecordUtils.deserializeLeaderChangeMessage(r).voters().forEach(v -> ids.add(v.voterId()));
            return ids.isEmpty() ? null : new LoggedVoters(ids, offset, "LeaderChangeMessage");
        }
        return null;
    }

    private static ByteBuffer bytes(BatchInfo b) {
        try (FileChannel ch = FileChannel.open(b.segment())) {
            ByteBuffer buf = ByteBuffer.allocate(b.sizeInBytes());
            while (buf.hasRemaining()) {
                if (ch.read(buf, b.position() + buf.position()) < 0) break; // a shorter file: the batch parses as incomplete
            }
            return buf.flip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + b.segment() + " at " + b.position() + ": " + e.getMessage(), e);
        }
    }
}
