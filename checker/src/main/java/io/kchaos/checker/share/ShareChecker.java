package io.kchaos.checker.share;

import io.kchaos.checker.Checker;
import io.kchaos.checker.queue.LedgerCheck;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;

/**
 * Judges a share-group (KIP-932) history in one pass: the producers' sends and the final drain as the queue checker
 * does (lost-write, inconsistent-offsets, G1a, ...), and the share group's own guarantees on every record: no second
 * holder while a lock is valid, nothing delivered after a taken accept or reject, delivery counts that never go back or
 * past the limit, and after the final drain every record finished (accepted, rejected or archived at the delivery
 * limit) up to the end of its partition. Redeliveries after a release, a lock expiry or a crash are at-least-once's
 * price: figures under {@code stats.share}, not anomalies.
 */
public final class ShareChecker implements Checker {
    public static final String NAME = "share";

    @Override
    public String name() {
        return NAME;
    }

    /** Throws {@link io.kchaos.history.HistoryFormatException} when the history cannot be judged. */
    @Override
    public CheckResult check(History history) {
        return LedgerCheck.run(history, (ledger, queueOps, result) -> {
            SharePass pass = new SharePass(ledger, queueOps);
            return new LedgerCheck.Extension(pass, pass::finish, () -> new ShareJudge(pass, ledger, result).judge());
        }, "poll");
    }
}
