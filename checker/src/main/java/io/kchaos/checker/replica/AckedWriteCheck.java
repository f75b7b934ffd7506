package io.kchaos.checker.replica;

import io.kchaos.history.ValuePadding;

/**
 * Checks that every acknowledged write of one partition is in one final-ISR replica's log with its value
 * ({@code acked-write-missing-on-replica}). The value on disk is the decimal text of the history's long value, as the
 * workload's StringSerializer writes it, padded or not ({@link ValuePadding#carries}). Records are only decoded for
 * batches that hold an acknowledged offset.
 *
 * <p>Offsets below the replica's log start were deleted by retention and are skipped, as are offsets of a tiered topic
 * that are only in the remote tier (below the first local segment; counted apart); offsets inside damaged bytes are
 * already reported as {@code corrupt-batch} and counted as unverifiable, not reported again.
 */
final class AckedWriteCheck implements ReplicaListener {
    private final Replica replica;
    private final AckedWrites.Partition acks;
    private final Findings findings;
    private int next;
    private long checked;
    private long unverifiable;
    private long belowLogStart;
    private long inRemoteTier;

    AckedWriteCheck(Replica replica, AckedWrites.Partition acks, Findings findings) {
        this.replica = replica;
        this.acks = acks;
        this.findings = findings;
    }

    @Override
    public void batch(BatchInfo batch, LogCursor records) {
        absentBelow(batch.baseOffset());
        if (next >= acks.size() || acks.offset(next) > batch.lastOffset()) return;
        try {
            records.readRecords(r -> match(r, batch.lastOffset()));
        } catch (CorruptRecordsException e) {
            findings.corruptBatch(replica, batch, e.getMessage());
            skipThrough(batch.lastOffset());
            return;
        }
        absentBelow(batch.lastOffset() + 1);
    }

    @Override
    public void damaged(long from, long to) {
        absentBelow(from);
        skipThrough(to);
    }

    @Override
    public void end(long logEndOffset) {
        absentBelow(Long.MAX_VALUE);
    }

    /** Compares the acknowledgements at this record's offset; false once no acknowledgement is left in the batch. */
    private boolean match(LogRecord record, long batchLastOffset) {
        if (next < acks.size() && acks.offset(next) < record.offset()) absentBelow(record.offset());
        while (next < acks.size() && acks.offset(next) == record.offset()) {
            checked++;
            if (!ValuePadding.carries(record.value(), acks.value(next))) {
                findings.ackedWriteMissing(replica, record.offset(), acks.value(next), acks.index(next), record.valueBytes(), true);
            }
            next++;
        }
        return next < acks.size() && acks.offset(next) <= batchLastOffset;
    }

    /** Every acknowledged offset below {@code offset} not yet matched is absent from this replica. */
    private void absentBelow(long offset) {
        while (next < acks.size() && acks.offset(next) < offset) {
            if (replica.inRemoteTier(acks.offset(next))) {
                inRemoteTier++;
            } else if (acks.offset(next) < replica.logStartOffset()) {
                belowLogStart++;
            } else {
                checked++;
                findings.ackedWriteMissing(replica, acks.offset(next), acks.value(next), acks.index(next), null, false);
            }
            next++;
        }
    }

    private void skipThrough(long offset) {
        while (next < acks.size() && acks.offset(next) <= offset) {
            unverifiable++;
            next++;
        }
    }

    long checked() {
        return checked;
    }

    long unverifiable() {
        return unverifiable;
    }

    long belowLogStart() {
        return belowLogStart;
    }

    /** Acknowledged offsets only in the remote tier of a tiered topic, not checked on this replica. */
    long inRemoteTier() {
        return inRemoteTier;
    }
}
