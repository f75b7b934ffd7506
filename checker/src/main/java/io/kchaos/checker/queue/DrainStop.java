package io.kchaos.checker.queue;

/**
 * Where the final drain stopped in a partition it did not read completely, as its last op recorded it
 * ({@code unfinished}, docs/format.md), and whether that proves the broker could not serve the offsets from there on.
 *
 * @param position  the first offset the drain did not read
 * @param endOffset the end offset the drain aimed at; -1 when unknown
 * @param error     the error naming the partition that stopped the drain, or null
 * @param stalledMs how long the position had not moved when the drain ended; -1 when unknown
 * @param hasLeader whether the metadata named a leader for the partition when the drain ended
 * @param index     the history index of the drain op that recorded it; -1 when none did
 * @param time      that op's time
 */
record DrainStop(int partition, long position, long endOffset, String error, long stalledMs, boolean hasLeader, long index,
        long time) {
    /**
     * How long a drain's position must stand still, below the end offset and with a leader in place, to prove the
     * leader could not serve that offset: a consumer fetches again within a second, so 30 s still is no slow read.
     */
    static final long STALL_PROOF_MS = 30_000;

    /** A stop nothing was recorded for: the drain read the partition up to {@code position} and stopped, why unknown. */
    static DrainStop unrecorded(int partition, long position) {
        return new DrainStop(partition, position, -1, null, -1, false, -1, -1);
    }

    /** Whether offset lies where the drain did not reach: at or past its position, below its end offset when known. */
    boolean unreached(long offset) {
        return offset >= position && (endOffset < 0 || offset < endOffset);
    }

    /**
     * Whether the history proves the broker could not serve the partition from the position on: an error naming it
     * stopped the drain, or the position stood still for {@link #STALL_PROOF_MS} below the end offset with a leader.
     */
    boolean provesUnservable() {
        return error != null || (hasLeader && stalledMs >= STALL_PROOF_MS && position < endOffset);
    }

    /** In one line, for a reason: where the drain stopped and why. */
    String describe() {
        return "stopped at offset " + position + (endOffset >= 0 ? " of end offset " + endOffset : "")
                + (error != null ? ", error: " + error : stalledMs >= 0 ? ", position still for " + stalledMs + " ms"
                + (hasLeader ? "" : " without a known leader") : ", nothing recorded of why");
    }
}
