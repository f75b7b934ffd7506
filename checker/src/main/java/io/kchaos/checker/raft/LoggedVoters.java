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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A voter set a node's metadata log names: a {@code VotersRecord} (KIP-853) or a {@code LeaderChangeMessage}'s voters,
 * in its log (at the record's offset) or in a snapshot (as of the snapshot's end offset). The control records are
 * decoded with Kafka's record API, as {@code SegmentBatchReader} reads batches.
 *
 * @param voters the voter ids
 * @param offset the offset of the record that names them (a snapshot's: its end offset)
 * @param record {@code VotersRecord} or {@code LeaderChangeMessage}, followed by {@code (snapshot <file name>)} for a snapshot's
 */
public record LoggedVoters(Set<Integer> voters, long offset, String record) {

    /**
     * A voter set as one node's log holds it: the batch that names it, or none for a snapshot's (a snapshot holds only
     * committed entries), and that batch's or snapshot's epoch.
     */
    record Named(LoggedVoters set, Optional<BatchInfo> batch, int epoch) {
    }

    /** The latest voter set in {@code metadataDir}'s {@code __cluster_metadata-0}; empty when no control record names one. */
    public static Optional<LoggedVoters> read(Path metadataDir) {
        List<LoggedVoters> all = all(metadataDir);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }

    /** Every voter set {@code metadataDir}'s {@code __cluster_metadata-0} names, in offset order (at one offset, the log's first). */
    public static List<LoggedVoters> all(Path metadataDir) {
        Path folder = metadataDir.resolve(MetadataNode.PARTITION_FOLDER);
        if (!Files.isDirectory(folder)) return List.of();
        List<BatchInfo> batches = new ArrayList<>();
        try (LogCursor cursor = PartitionDir.read(folder, MetadataLog.METADATA).openCursor()) {
            for (LogEvent e = cursor.next(); e != null; e = cursor.next()) {
                if (e instanceof BatchInfo b && b.crcValid()) batches.add(b);
            }
        }
        return in(batches, MetadataLog.listSnapshots(folder), undecodable -> { }).stream().map(Named::set).toList();
    }

    /**
     * The voter sets named by these batches (a log's, in offset order) and snapshots, in offset order (at one offset, the
     * log's first). A control batch whose CRC holds but whose records do not decode (bytes changed and the CRC rewritten,
     * or written so by a broken writer) names none: {@code undecodable} is told which, and the batch's bytes are still
     * compared with the other nodes' by the audit.
     */
    static List<Named> in(List<BatchInfo> batches, List<SnapshotFile> snapshots, Consumer<String> undecodable) {
        List<Named> named = new ArrayList<>();
        for (BatchInfo b : batches) {
            if (!b.control()) continue;
            try {
                named(b, -1, "").forEach(v -> named.add(new Named(v, Optional.of(b), b.leaderEpoch())));
            } catch (RuntimeException e) {
                undecodable.accept("the control batch at offsets " + b.baseOffset() + "-" + b.lastOffset() + " (epoch " + b.leaderEpoch()
                        + ") does not decode (" + e.getMessage() + "); the voters it names are not read");
            }
        }
        for (SnapshotFile s : snapshots) {
            String from = " (snapshot " + s.path().getFileName() + ")";
            try (LogCursor cursor = new LogCursor(List.of(new Segment(s.path(), 0)))) {
                for (LogEvent e = cursor.next(); e != null; e = cursor.next()) {
                    if (e instanceof BatchInfo b && b.control() && b.crcValid()) {
                        try {
                            named(b, s.endOffset(), from).forEach(v -> named.add(new Named(v, Optional.empty(), s.epoch())));
                        } catch (RuntimeException ex) {
                            undecodable.accept("a control batch of snapshot " + s.path().getFileName() + " does not decode ("
                                    + ex.getMessage() + "); the voters it names are not read");
                        }
                    }
                }
            }
        }
        named.sort(Comparator.comparingLong(n -> n.set().offset()));
        return List.copyOf(named);
    }

    /** The voter sets a control batch's records name ({@code at} ≥ 0: every one at that offset). */
    private static List<LoggedVoters> named(BatchInfo b, long at, String suffix) {
        List<LoggedVoters> named = new ArrayList<>();
        for (RecordBatch batch : MemoryRecords.readableRecords(b.readBytes()).batches()) {
            for (Record r : batch) {
                LoggedVoters v = named(r, at >= 0 ? at : r.offset(), suffix);
                if (v != null) named.add(v);
            }
        }
        return named;
    }

    private static LoggedVoters named(Record r, long offset, String suffix) {
        if (!r.hasKey()) return null;
        ControlRecordType type = ControlRecordType.parse(r.key());
        Set<Integer> ids = new TreeSet<>();
        if (type == ControlRecordType.KRAFT_VOTERS) {
            ControlRecordUtils.deserializeVotersRecord(r).voters().forEach(v -> ids.add(v.voterId()));
            return new LoggedVoters(ids, offset, "VotersRecord" + suffix);
        }
        if (type == ControlRecordType.LEADER_CHANGE) {
            ControlRecordUtils.deserializeLeaderChangeMessage(r).voters().forEach(v -> ids.add(v.voterId()));
            return ids.isEmpty() ? null : new LoggedVoters(ids, offset, "LeaderChangeMessage" + suffix);
        }
        return null;
    }
}
