package io.kchaos.history;

/**
 * Follows the frame layout of a zstd stream fed to it byte by byte (RFC 8878: frame header, block headers, optional
 * checksum; skippable frames), reading only headers, so that at the end of the stream it can say whether the stream
 * stopped between two frames or inside one. The decompressor alone cannot say it reliably (zstd-jni reports a frame
 * cut short at its very start as a clean end). Bytes that are no zstd frame stop the following; the decompressor
 * reports those.
 */
final class ZstdFrameEnds {
    private static final int MAGIC = 0xFD2FB528;
    private static final int SKIPPABLE_MASK = 0xFFFFFFF0;
    private static final int SKIPPABLE = 0x184D2A50;

    private enum Step { MAGIC, FRAME_HEADER, SKIPPABLE_SIZE, BLOCK_HEADER, LOST }

    private Step step = Step.MAGIC;
    private final byte[] field = new byte[4];
    private int fieldLength;
    private long skip;
    private boolean checksum;

    /** Follows {@code len} more bytes of the stream. */
    void feed(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end && step != Step.LOST) {
            if (skip > 0) {
                long n = Math.min(skip, end - i);
                skip -= n;
                i += (int) n;
                continue;
            }
            field[fieldLength++] = b[i++];
            if (fieldLength == need()) {
                fieldLength = 0;
                next();
            }
        }
    }

    /** Whether the bytes so far end between two frames (or no zstd frame could be followed). */
    boolean betweenFrames() {
        return step == Step.LOST || step == Step.MAGIC && fieldLength == 0 && skip == 0;
    }

    private int need() {
        return switch (step) {
            case MAGIC, SKIPPABLE_SIZE -> 4;
            case FRAME_HEADER -> 1;
            case BLOCK_HEADER -> 3;
            case LOST -> Integer.MAX_VALUE;
        };
    }

    private void next() {
        int value = (field[0] & 0xFF) | (field[1] & 0xFF) << 8 | (field[2] & 0xFF) << 16 | (field[3] & 0xFF) << 24;
        switch (step) {
            case MAGIC -> step = value == MAGIC ? Step.FRAME_HEADER : (value & SKIPPABLE_MASK) == SKIPPABLE ? Step.SKIPPABLE_SIZE : Step.LOST;
            case SKIPPABLE_SIZE -> {
                skip = value & 0xFFFFFFFFL;
                step = Step.MAGIC;
            }
            case FRAME_HEADER -> frameHeader(field[0] & 0xFF);
            case BLOCK_HEADER -> block(value & 0xFFFFFF);
            case LOST -> { }
        }
    }

    /** The frame header descriptor: the sizes of the header's other fields, skipped; whether a checksum ends the frame. */
    private void frameHeader(int descriptor) {
        int contentSizeFlag = descriptor >>> 6;
        boolean singleSegment = (descriptor & 0x20) != 0;
        checksum = (descriptor & 0x04) != 0;
        int dictionaryId = new int[] {0, 1, 2, 4}[descriptor & 0x03];
        int contentSize = new int[] {singleSegment ? 1 : 0, 2, 4, 8}[contentSizeFlag];
        skip = (singleSegment ? 0 : 1) + dictionaryId + contentSize;
        step = Step.BLOCK_HEADER;
    }

    /** A block header: its content skipped; after the last block, the checksum if any, then the next frame. */
    private void block(int header) {
        boolean last = (header & 1) != 0;
        int type = (header >>> 1) & 3;
        int size = header >>> 3;
        if (type == 3) {
            step = Step.LOST; // reserved: corrupt, the decompressor says so
            return;
        }
        skip = type == 1 ? 1 : size; // an RLE block holds one byte
        if (last) {
            skip += checksum ? 4 : 0;
            step = Step.MAGIC;
        }
    }
}
