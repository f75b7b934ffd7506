package io.kchaos.checker.raft;

/**
 * One piece of evidence of what the KRaft quorum committed, taken during a run or given by an operator: a high
 * watermark the leader of an epoch announced, so every metadata offset below it was committed (Raft's promise).
 *
 * @param highWatermark the offset after the last committed one (offsets below it were committed)
 * @param leaderId      the leader that announced it, or {@link #UNKNOWN}
 * @param leaderEpoch   that leader's epoch, or {@link #UNKNOWN}
 * @param source        where it came from, for the reader (e.g. "describeMetadataQuorum sample at 12.3 s")
 */
public record QuorumObservation(long highWatermark, int leaderId, int leaderEpoch, String source) {
    /** A leader id or epoch the observation does not know. */
    public static final int UNKNOWN = -1;

    public QuorumObservation {
        if (highWatermark < 0) throw new IllegalArgumentException("a high watermark is >= 0, not " + highWatermark);
        if (source == null || source.isBlank()) throw new IllegalArgumentException("an observation names where it came from");
    }

    /** A committed offset the operator vouches for ({@code kchaos verify-logs --committed}): offsets below it were committed. */
    public static QuorumObservation fromOperator(long highWatermark) {
        return new QuorumObservation(highWatermark, UNKNOWN, UNKNOWN, "operator (--committed " + highWatermark + ")");
    }

    /** True when it names both the leader and its epoch. */
    boolean namesLeader() {
        return leaderId >= 0 && leaderEpoch >= 0;
    }

    /** The epoch bound it puts on entries below its high watermark: their epoch is at most the announcing leader's. */
    int epochBound() {
        return leaderEpoch >= 0 ? leaderEpoch : Integer.MAX_VALUE;
    }
}
