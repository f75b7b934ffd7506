package io.kchaos.checker.replica;

/** A per-replica check fed, in offset order, with the replica's good batches and the offset ranges lost to damage. */
interface ReplicaListener {
    /** A batch whose CRC matched; {@code records} reads its records while it is current. */
    void batch(BatchInfo batch, LogCursor records);

    /** Offsets {@code from..to} (inclusive; {@code to} may be Long.MAX_VALUE) that sit in damaged bytes, already reported as corrupt. */
    void damaged(long from, long to);

    /** The replica's log ended; {@code logEndOffset} is one past its last good batch. */
    void end(long logEndOffset);
}
