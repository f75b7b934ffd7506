package io.kchaos.checker.queue;

import io.kchaos.checker.Checker;
import io.kchaos.history.History;
import io.kchaos.checker.result.CheckResult;

/**
 * Judges a queue-workload history ({@code send}, {@code poll}, {@code drain}) in one pass, with memory proportional
 * to the distinct values and offsets, and reports the client anomalies of docs/format.md; unseen writes are
 * only counted ({@code stats.unseen}) and warned about.
 */
public final class QueueChecker implements Checker {
    public static final String NAME = "queue";

    @Override
    public String name() {
        return NAME;
    }

    /** Throws {@link io.kchaos.history.HistoryFormatException} when the history cannot be judged. */
    @Override
    public CheckResult check(History history) {
        return LedgerCheck.run(history, (ledger, queueOps, result) -> {
            WrongTopicCheck topics = new WrongTopicCheck(result);
            return new LedgerCheck.Extension(queueOps.andThen(topics), queueOps::finish, topics::judge);
        }, null);
    }
}
