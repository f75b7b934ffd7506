package io.kchaos.checker.txn;

import java.util.ArrayList;
import java.util.List;

/**
 * Consecutive sends of one transaction to the same partition (Jepsen's internal write pairs), with the offsets the
 * transaction's completion named (-1 when it named none), kept until the end of the pass when every known position is
 * known.
 */
final class SendPairs {
    /** One pair: v1 then v2 sent to partition by the transaction completed at index. */
    record Pair(int process, long index, int partition, long v1, long o1, long v2, long o2) {
    }

    private final List<Pair> pairs = new ArrayList<>();

    /** Adds the consecutive same-partition pairs of one transaction's sends (in micro-op order). */
    void addAll(int process, long index, List<TxnOps.Send> sends) {
        for (int i = 0; i < sends.size(); i++) {
            TxnOps.Send a = sends.get(i);
            if (a.partition() < 0) continue;
            for (int j = i + 1; j < sends.size(); j++) {
                TxnOps.Send b = sends.get(j);
                if (b.partition() == a.partition()) {
                    pairs.add(new Pair(process, index, a.partition(), a.value(), a.offset(), b.value(), b.offset()));
                    break;
                }
            }
        }
    }

    List<Pair> all() {
        return pairs;
    }
}
