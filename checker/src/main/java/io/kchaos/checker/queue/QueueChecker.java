package io.kchaos.checker.queue;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.FaultWindows;

import java.util.Optional;

/**
 * Judges a queue-workload history ({@code send}, {@code poll}, {@code drain}) in one pass, with memory proportional
 * to the distinct values and offsets, and reports the client anomalies of docs/format.md; unseen writes are
 * only counted ({@code stats.unseen}) and warned about.
 */
public final class QueueChecker extends LedgerChecker {
    public static final String NAME = "queue";

    /** A checker that knows no retention policy (every write missing below the log start is expired). */
    public QueueChecker() {
        this(Optional.empty());
    }

    /** @param retention the run's retention policy, when run.json records one */
    public QueueChecker(Optional<RetentionPolicy> retention) {
        super(NAME, null, retention);
    }

    @Override
    protected Extension extension(QueueLedger ledger, QueuePass queueOps, FaultWindows faults, CheckResult result) {
        WrongTopicCheck topics = new WrongTopicCheck(result);
        return new Extension(queueOps.andThen(topics), queueOps::finish, topics::judge);
    }
}
