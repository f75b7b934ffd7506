package io.kchaos.checker.replica;

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
 * @param control     control batch (transaction markers)
 * @param transactional part of a transaction
 * @param magic       message format version (2 for every Kafka 3+/4 write)
 */
public record BatchInfo(Path segment, long position, int sizeInBytes, long baseOffset, long lastOffset, int leaderEpoch,
                        long crc, boolean crcValid, int recordCount, long producerId, boolean control,
                        boolean transactional, byte magic) implements LogEvent {

    /** Same offset range and same stored CRC: what replicas of a partition must share below the high watermark. */
    public boolean sameBatchAs(BatchInfo other) {
        return baseOffset == other.baseOffset && lastOffset == other.lastOffset && crc == other.crc;
    }
}
