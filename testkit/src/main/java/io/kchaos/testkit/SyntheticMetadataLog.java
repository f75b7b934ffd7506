package io.kchaos.testkit;

import org.apache.kafka.common.message.LeaderChangeMessage;
import org.apache.kafka.common.message.SnapshotFooterRecord;
import org.apache.kafka.common.message.SnapshotHeaderRecord;
import org.apache.kafka.common.message.VotersRecord;
import org.apache.kafka.common.record.MemoryRecords;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes one node's KRaft metadata log folder ({@code __cluster_metadata-0}) without a broker, for tests of the Raft
 * audit: data batches and LeaderChange and VotersRecord control batches in a segment, snapshot files (with a voter set
 * or without) and the quorum-state file.
 */
public final class SyntheticMetadataLog implements AutoCloseable {
    private final Path folder;
    private final SyntheticSegmentWriter segment;
    private long nextOffset;

    private SyntheticMetadataLog(Path folder, SyntheticSegmentWriter segment, long baseOffset) {
        this.folder = folder;
        this.segment = segment;
        this.nextOffset = baseOffset;
    }

    /** Creates {@code metadataDir/__cluster_metadata-0} with one segment starting at {@code baseOffset}. */
    public static SyntheticMetadataLog create(Path metadataDir, long baseOffset) {
        Path folder = metadataDir.resolve("__cluster_metadata-0");
        return new SyntheticMetadataLog(folder, SyntheticSegmentWriter.create(folder, baseOffset), baseOffset);
    }

    /** Appends a LeaderChange control batch (one record) in {@code epoch}, as a new KRaft leader writes first. */
    public SyntheticMetadataLog leaderChange(int epoch, int leaderId) {
        return leaderChange(epoch, leaderId, new Integer[0]);
    }

    /** Appends a LeaderChange control batch in {@code epoch} that names the voter set, as KRaft's leaders do. */
    public SyntheticMetadataLog leaderChange(int epoch, int leaderId, Integer... voters) {
        LeaderChangeMessage m = new LeaderChangeMessage().setLeaderId(leaderId)
                .setVoters(java.util.Arrays.stream(voters).map(v -> new LeaderChangeMessage.Voter().setVoterId(v)).toList());
        segment.append(MemoryRecords.withLeaderChangeMessage(nextOffset, 1000L, epoch, ByteBuffer.allocate(256), m).buffer());
        nextOffset++;
        return this;
    }

    /** Appends a KIP-853 VotersRecord control batch in {@code epoch} naming these voters. */
    public SyntheticMetadataLog voters(int epoch, Integer... voters) {
        segment.append(MemoryRecords.withVotersRecord(nextOffset, 1000L, epoch, ByteBuffer.allocate(256), votersRecord(voters)).buffer());
        nextOffset++;
        return this;
    }

    private static VotersRecord votersRecord(Integer... voters) {
        return new VotersRecord().setVersion((short) 0)
                .setVoters(java.util.Arrays.stream(voters).map(v -> new VotersRecord.Voter().setVoterId(v)).toList());
    }

    /** Appends a data batch of {@code records} records in {@code epoch}, its values naming {@code tag} (another tag, another CRC). */
    public SyntheticMetadataLog batch(int epoch, int records, String tag) {
        List<byte[]> values = java.util.stream.IntStream.range(0, records)
                .mapToObj(i -> (tag + "-" + i).getBytes(StandardCharsets.UTF_8)).toList();
        segment.append(SyntheticSegmentWriter.batch(nextOffset, epoch, 1000L, null, values));
        nextOffset += records;
        return this;
    }

    /** Appends one data batch in {@code epoch} whose records hold these values (metadata records, serialised), appended at {@code timestampMs}. */
    public SyntheticMetadataLog records(int epoch, long timestampMs, List<byte[]> values) {
        segment.append(SyntheticSegmentWriter.batch(nextOffset, epoch, timestampMs, null, values));
        nextOffset += values.size();
        return this;
    }

    /** The offset the next batch gets. */
    public long nextOffset() {
        return nextOffset;
    }

    /** Writes snapshot {@code <endOffset>-<epoch>.checkpoint}: a SnapshotHeader, the voters if any, one data batch and a SnapshotFooter. */
    public Path snapshot(long endOffset, int epoch, Integer... voters) {
        return writeSnapshot(folder, endOffset, epoch, voters);
    }

    /**
     * Writes snapshot {@code <endOffset>-<epoch>.checkpoint} into an existing {@code __cluster_metadata-0} folder; with
     * voters, a KIP-853 VotersRecord control batch naming them follows the header, as KRaft writes the voter set.
     */
    public static Path writeSnapshot(Path folder, long endOffset, int epoch, Integer... voters) {
        Path file = folder.resolve(String.format("%020d-%010d.checkpoint", endOffset, epoch));
        ByteBuffer header = MemoryRecords.withSnapshotHeaderRecord(0, 1000L, epoch, ByteBuffer.allocate(256),
                new SnapshotHeaderRecord().setVersion((short) 0).setLastContainedLogTimestamp(1000L)).buffer();
        ByteBuffer voterSet = voters.length == 0 ? ByteBuffer.allocate(0)
                : MemoryRecords.withVotersRecord(1, 1000L, epoch, ByteBuffer.allocate(256), votersRecord(voters)).buffer();
        long next = voters.length == 0 ? 1 : 2;
        ByteBuffer data = SyntheticSegmentWriter.batch(next, epoch, 1000L, null, List.of("image".getBytes(StandardCharsets.UTF_8)));
        ByteBuffer footer = MemoryRecords.withSnapshotFooterRecord(next + 1, 1000L, epoch, ByteBuffer.allocate(256),
                new SnapshotFooterRecord().setVersion((short) 0)).buffer();
        ByteBuffer all = ByteBuffer.allocate(header.remaining() + voterSet.remaining() + data.remaining() + footer.remaining());
        all.put(header).put(voterSet).put(data).put(footer).flip();
        try {
            Files.write(file, toArray(all));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    /** Writes the quorum-state file in data version 1 (no voters), or 0 with {@code currentVoters} when voters are given. */
    public Path quorumState(int leaderId, int leaderEpoch, Integer... voters) {
        return writeQuorumState(folder, leaderId, leaderEpoch, voters);
    }

    /** Writes the quorum-state file into an existing {@code __cluster_metadata-0} folder, as {@link #quorumState} does. */
    public static Path writeQuorumState(Path folder, int leaderId, int leaderEpoch, Integer... voters) {
        StringBuilder json = new StringBuilder("{\"leaderId\":" + leaderId + ",\"leaderEpoch\":" + leaderEpoch + ",\"votedId\":-1");
        if (voters.length > 0) {
            json.append(",\"appliedOffset\":0,\"currentVoters\":[");
            for (int i = 0; i < voters.length; i++) json.append(i == 0 ? "" : ",").append("{\"voterId\":").append(voters[i]).append('}');
            json.append("],\"data_version\":0}");
        } else {
            json.append(",\"data_version\":1}");
        }
        Path file = folder.resolve("quorum-state");
        try {
            Files.writeString(file, json.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    public Path folder() {
        return folder;
    }

    private static byte[] toArray(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.get(a);
        return a;
    }

    @Override
    public void close() {
        segment.close();
    }
}
