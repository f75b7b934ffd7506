package io.kchaos.checker.replica;

/**
 * One record of a batch, copied out of the segment.
 *
 * @param offset the record's offset
 * @param key    key bytes, or null
 * @param value  value bytes, or null (a tombstone)
 */
public record LogRecord(long offset, byte[] key, byte[] value) {
}
