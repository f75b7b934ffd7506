package io.kchaos.checker.share;

import io.kchaos.checker.queue.LedgerChecker;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.queue.QueuePass;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.queue.RetentionPolicy;
import io.kchaos.history.FaultWindows;
import java.util.Optional;

/**
 * Judges a share-group (KIP-932) history in one pass: the producers' sends and the final drain as the queue checker
 * does (lost-write, inconsistent-offsets, G1a, ...), and the share group's own guarantees on every record: no second
 * holder while a lock is valid, nothing delivered after a taken accept or reject, delivery counts that never go back or
 * past the limit, and after the final drain every record finished (accepted, rejected or archived at the delivery
 * limit) up to the end of its partition. Redeliveries after a release, a lock expiry or a crash are at-least-once's
 * price: figures under {@code stats.share}, not anomalies.
 */
public final class ShareChecker extends LedgerChecker {
    public static final String NAME = "share";

    /** A checker that knows no retention policy (every write missing below the log start is expired). */
    public ShareChecker() {
        this(Optional.empty());
    }

    /** @param retention the run's retention policy, when run.json records one */
    public ShareChecker(Optional<RetentionPolicy> retention) {
        super(NAME, "poll", retention);
    }

    @Override
    protected Extension extension(QueueLedger ledger, QueuePass queueOps, FaultWindows faults, CheckResult result) {
        SharePass pass = new SharePass(ledger, queueOps);
        return new Extension(pass, pass::finish, () -> new ShareJudge(pass, ledger, result).judge());
    }
}
