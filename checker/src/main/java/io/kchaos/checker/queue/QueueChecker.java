package io.kchaos.checker.queue;

import io.kchaos.checker.result.CheckResult;

/**
 * Judges a queue-workload history ({@code send}, {@code poll}, {@code drain}) in one pass, with memory proportional
 * to the distinct values and offsets, and reports the client anomalies of docs/format.md; unseen writes are
 * only counted ({@code stats.unseen}) and warned about.
 */
public final class QueueChecker extends LedgerChecker {
    public static final String NAME = "queue";

    public QueueChecker() {
        super(NAME, null);
    }

    @Override
    protected Extension extension(QueueLedger ledger, QueuePass queueOps, CheckResult result) {
        WrongTopicCheck topics = new WrongTopicCheck(result);
        return new Extension(queueOps.andThen(topics), queueOps::finish, topics::judge);
    }
}
