package io.kchaos.checker.replica;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The header facts of one record batch as found on disk, plus whether its CRC matches its bytes. For a batch whose
 * CRC does not match, every field after {@code crc} comes from unverified bytes.
 *
 * @param segment     the segment file
 * @param position    byte position of the batch in the segment
 * @param sizeInBytes whole batch size, header included
 * @param baseOffset  first offset of the batch
 * @param lastOffset  last offset of the batch
 * @param leaderEpoch partitionLeaderEpoch (-1 for pre-v2 message formats)
 * @param crc         the CRC stored in the batch
 * @param crcValid    whether the stored CRC matches the bytes ({@code isValid()})
 * @param recordCount records in the batch, or -1 when the format does not say
 * @param producerId  producer id, or -1
 * @param producerEpoch the producer's epoch, or -1
 * @param baseSequence  the sequence number of the batch's first record, or -1
 * @param control     control batch (transaction markers)
 * @param transactional part of a transaction
 * @param magic       message format version (2 for every Kafka 3+/4 write)
 */
public record BatchInfo(Path segment, long position, int sizeInBytes, long baseOffset, long lastOffset, int leaderEpoch,
                        long crc, boolean crcValid, int recordCount, long producerId, short producerEpoch, int baseSequence, boolean control,
                        boolean transactional, byte magic) implements LogEvent {

    /** Same offset range and same stored CRC: what replicas of a partition must share below the high watermark. */
    public boolean sameBatchAs(BatchInfo other) {
        return baseOffset == other.baseOffset && lastOffset == other.lastOffset && crc == other.crc;
    }

    /**
     * A {@code corrupt-batch} example: {@code where} (the node or replica) with the batch's place on disk, its offsets,
     * leader epoch and size, and why it is corrupt.
     */
    public ObjectNode corruption(ObjectNode where, String reason) {
        where.put("path", segment.toString());
        where.put("position", position);
        where.put("offset", baseOffset);
        where.put("last-offset", lastOffset);
        where.put("epoch", leaderEpoch);
        where.put("size", sizeInBytes);
        where.put("reason", reason);
        return where;
    }

    /** The batch as an anomaly's example names it: offsets, CRC, leader epoch and where it lies on disk. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("offset", baseOffset);
        o.put("last-offset", lastOffset);
        o.put("crc", crc);
        o.put("epoch", leaderEpoch);
        o.put("path", segment.toString());
        o.put("position", position);
        return o;
    }

    /** The batch's bytes as they lie in its segment (a shorter file gives fewer: the batch then parses as incomplete). */
    public ByteBuffer readBytes() {
        try (FileChannel ch = FileChannel.open(segment)) {
            ByteBuffer buf = ByteBuffer.allocate(sizeInBytes);
            while (buf.hasRemaining()) {
                if (ch.read(buf, position + buf.position()) < 0) break;
            }
            return buf.flip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + segment + " at " + position + ": " + e.getMessage(), e);
        }
    }
}
