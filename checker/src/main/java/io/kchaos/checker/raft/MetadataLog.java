package io.kchaos.checker.raft;

import io.kchaos.checker.replica.BatchInfo;
import io.kchaos.checker.replica.LogCursor;
import io.kchaos.checker.replica.LogEvent;
import io.kchaos.checker.replica.PartitionDir;
import io.kchaos.checker.replica.Segment;
import io.kchaos.checker.replica.UnreadableBytes;
import org.apache.kafka.common.TopicPartition;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One node's copy of the KRaft metadata log as it left it: its well-formed batches in offset order (control batches
 * included), its snapshots, the voter sets they name and its quorum-state; batches and snapshots read with the replica
 * audit's segment reader.
 */
final class MetadataLog {
    static final TopicPartition METADATA = new TopicPartition("__cluster_metadata", 0);

    private final MetadataNode node;
    private final List<BatchInfo> batches;
    private final long endOffset;
    private final List<SnapshotFile> snapshots;
    private final List<LoggedVoters.Named> namedVoters;
    private final Optional<QuorumStateFile> quorumState;
    private final long bytesRead;

    private MetadataLog(MetadataNode node, List<BatchInfo> batches, long endOffset, List<SnapshotFile> snapshots,
                        List<LoggedVoters.Named> namedVoters, Optional<QuorumStateFile> quorumState, long bytesRead) {
        this.node = node;
        this.batches = batches;
        this.endOffset = endOffset;
        this.snapshots = snapshots;
        this.namedVoters = namedVoters;
        this.quorumState = quorumState;
        this.bytesRead = bytesRead;
    }

    /** Reads the node's {@code __cluster_metadata-0}; corrupt batches, unreadable snapshots and quorum-state go to {@code findings}. */
    static MetadataLog read(MetadataNode node, RaftFindings findings) {
        Path folder = node.partitionDir();
        PartitionDir dir = PartitionDir.read(folder, METADATA);
        dir.warnings().forEach(findings::warn);
        List<BatchInfo> batches = new ArrayList<>();
        long bytes;
        try (LogCursor cursor = dir.openCursor()) {
            for (LogEvent e = cursor.next(); e != null; e = cursor.next()) {
                if (e instanceof BatchInfo b && b.crcValid()) batches.add(b);
                else if (e instanceof BatchInfo b) findings.corruptBatch(node, b, "CRC mismatch");
                else findings.corruptBytes(node, (UnreadableBytes) e);
            }
            bytes = cursor.bytesScanned();
        }
        List<Segment> segments = dir.segments();
        long lastSegmentBase = segments.isEmpty() ? 0 : segments.get(segments.size() - 1).baseOffset();
        long end = Math.max(lastSegmentBase, batches.isEmpty() ? 0 : batches.get(batches.size() - 1).lastOffset() + 1);
        List<SnapshotFile> snapshots = listSnapshots(folder);
        for (SnapshotFile s : snapshots) bytes += checkSnapshotBytes(node, s, findings);
        Optional<QuorumStateFile> quorumState;
        try {
            quorumState = QuorumStateFile.read(folder.resolve(QuorumStateFile.FILE_NAME));
        } catch (IllegalArgumentException e) {
            findings.warn("node " + node.id() + ": " + e.getMessage() + "; its quorum-state not checked");
            quorumState = Optional.empty();
        }
        List<LoggedVoters.Named> voters = LoggedVoters.in(batches, snapshots, why -> findings.warn("node " + node.id() + ": " + why));
        return new MetadataLog(node, List.copyOf(batches), end, snapshots, voters, quorumState, bytes);
    }

    /** The snapshots in a {@code __cluster_metadata-0} folder, by end offset. */
    static List<SnapshotFile> listSnapshots(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(SnapshotFile::of).flatMap(Optional::stream)
                    .sorted(Comparator.comparingLong(SnapshotFile::endOffset)).toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list " + folder + ": " + e.getMessage());
        }
    }

    /** A snapshot is a file of record batches too: each must parse with a matching CRC. Returns the bytes read. */
    private static long checkSnapshotBytes(MetadataNode node, SnapshotFile s, RaftFindings findings) {
        try (LogCursor cursor = new LogCursor(List.of(new Segment(s.path(), 0)))) {
            for (LogEvent e = cursor.next(); e != null; e = cursor.next()) {
                if (e instanceof BatchInfo b && !b.crcValid()) findings.corruptBatch(node, b, "CRC mismatch (snapshot)");
                else if (e instanceof UnreadableBytes u) findings.corruptBytes(node, u);
            }
            return cursor.bytesScanned();
        }
    }

    MetadataNode node() {
        return node;
    }

    /** Well-formed batches in offset order. */
    List<BatchInfo> batches() {
        return batches;
    }

    /** The offset after the log's last batch (or the base offset of an empty last segment). */
    long endOffset() {
        return endOffset;
    }

    List<SnapshotFile> snapshots() {
        return snapshots;
    }

    /** The voter sets its log and snapshots name, in offset order. */
    List<LoggedVoters.Named> namedVoters() {
        return namedVoters;
    }

    /** True when its log reaches {@code offset} (its end offset is at least it) or one of its snapshots ends at or past it. */
    boolean reaches(long offset) {
        return endOffset >= offset || snapshots.stream().anyMatch(s -> s.endOffset() >= offset);
    }

    /** The end offset of its latest snapshot, or 0 without one. */
    long snapshotEnd() {
        return snapshots.stream().mapToLong(SnapshotFile::endOffset).max().orElse(0);
    }

    Optional<QuorumStateFile> quorumState() {
        return quorumState;
    }

    long bytesRead() {
        return bytesRead;
    }

    /** The batch covering {@code offset}, if the log holds it. */
    Optional<BatchInfo> covering(long offset) {
        int lo = 0;
        int hi = batches.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            BatchInfo b = batches.get(mid);
            if (b.lastOffset() < offset) lo = mid + 1;
            else if (b.baseOffset() > offset) hi = mid - 1;
            else return Optional.of(b);
        }
        return Optional.empty();
    }

    /** The highest epoch of its batches, or -1. */
    int maxLogEpoch() {
        return batches.stream().mapToInt(BatchInfo::leaderEpoch).max().orElse(-1);
    }

    /** The highest epoch of its snapshots' ids, or -1. */
    int maxSnapshotEpoch() {
        return snapshots.stream().mapToInt(SnapshotFile::epoch).max().orElse(-1);
    }
}
