package io.kchaos.checker.replica;

/**
 * What the replica digest predicts of a partition's next numbers, so that it stores only the difference (layout /3): a
 * batch starts where the one before ended in its segment and at the offset after its last, ends {@code recordCount - 1}
 * offsets later, a record follows the one before, and the bytes scanned grow. The writer and the reader keep one each
 * per partition and call it in the same order; {@link #absolute()} predicts nothing (the legacy layout /2).
 */
final class DigestDeltas {
    private final boolean predict;
    private int segment = -1;
    private long nextPosition;
    private long nextOffset;
    private long scanned;

    private DigestDeltas(boolean predict) {
        this.predict = predict;
    }

    /** For one partition of a /3 digest. */
    static DigestDeltas predicting() {
        return new DigestDeltas(true);
    }

    /** For a legacy digest, whose numbers are stored as they are. */
    static DigestDeltas absolute() {
        return new DigestDeltas(false);
    }

    long position(int segmentIndex) {
        return predict && segmentIndex == segment ? nextPosition : 0;
    }

    long baseOffset() {
        return predict ? nextOffset : 0;
    }

    /** The prediction of a batch's last offset (or of its first record's offset), from its base offset. */
    long fromBase(long baseOffset) {
        return predict ? baseOffset : 0;
    }

    /** The prediction of the record after one at {@code offset}. */
    long afterRecord(long offset) {
        return predict ? offset + 1 : 0;
    }

    long scanned() {
        return predict ? scanned : 0;
    }

    /** A batch was written or read: the next one is predicted from it. */
    void batch(int segmentIndex, long position, int sizeInBytes, long lastOffset) {
        segment = segmentIndex;
        nextPosition = position + sizeInBytes;
        nextOffset = lastOffset + 1;
    }

    void scannedTo(long bytes) {
        scanned = bytes;
    }
}
