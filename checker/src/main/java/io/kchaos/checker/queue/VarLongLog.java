package io.kchaos.checker.queue;

import java.util.Arrays;

/**
 * An append-only log of longs, each as a zigzag varint (small numbers of either sign in a byte or two, any long in at
 * most ten), in chunks of 64 KiB that are never copied to grow. Read back from a position with a {@link Reader}.
 */
final class VarLongLog {
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK_SIZE = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK_SIZE - 1;

    private byte[][] chunks = new byte[1][];
    private long end;

    /** Where the next {@link #append} writes: the position to read it back from. */
    long end() {
        return end;
    }

    void append(long v) {
        long zigzag = (v << 1) ^ (v >> 63);
        while ((zigzag & ~0x7FL) != 0) {
            put((byte) ((zigzag & 0x7F) | 0x80));
            zigzag >>>= 7;
        }
        put((byte) zigzag);
    }

    /** A reader of the longs appended from position on. */
    Reader reader(long position) {
        if (position < 0 || position > end) throw new IndexOutOfBoundsException("position " + position + " of " + end);
        return new Reader(position);
    }

    private void put(byte b) {
        int c = (int) (end >>> CHUNK_BITS);
        if (c == chunks.length) chunks = Arrays.copyOf(chunks, c + Math.max(1, c >> 1));
        if (chunks[c] == null) chunks[c] = new byte[CHUNK_SIZE];
        chunks[c][(int) (end & MASK)] = b;
        end++;
    }

    private byte at(long position) {
        return chunks[(int) (position >>> CHUNK_BITS)][(int) (position & MASK)];
    }

    /** Reads the log's longs in order from a position. */
    final class Reader {
        private long position;

        private Reader(long position) {
            this.position = position;
        }

        long next() {
            if (position >= end) throw new IndexOutOfBoundsException("read past the end " + end);
            long zigzag = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = at(position++);
                zigzag |= (long) (b & 0x7F) << shift;
                if (b >= 0) break;
            }
            return (zigzag >>> 1) ^ -(zigzag & 1);
        }
    }
}
