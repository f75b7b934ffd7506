package io.kchaos.checker.raft;

import io.kchaos.checker.replica.BatchInfo;

/** A metadata batch's identity across nodes' logs: followers append the leader's batches unchanged. */
record BatchKey(long base, long last, int epoch, long crc) {
    static BatchKey of(BatchInfo b) {
        return new BatchKey(b.baseOffset(), b.lastOffset(), b.leaderEpoch(), b.crc());
    }
}
