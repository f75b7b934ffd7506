package io.kchaos.checker.replica;

import java.nio.ByteBuffer;

/**
 * One record of a batch, as views of the bytes just read: valid only during the visit that received it (the buffer
 * is reused for the next batch). Copy with {@link #keyBytes()} / {@link #valueBytes()} to keep them.
 *
 * @param offset the record's offset
 * @param key    read-only key bytes, or null
 * @param value  read-only value bytes, or null (a tombstone)
 */
public record LogRecord(long offset, ByteBuffer key, ByteBuffer value) {

    public byte[] keyBytes() {
        return copy(key);
    }

    public byte[] valueBytes() {
        return copy(value);
    }

    private static byte[] copy(ByteBuffer b) {
        if (b == null) return null;
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
