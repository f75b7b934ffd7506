package io.kchaos.checker.group;

import io.kchaos.checker.queue.LedgerChecker;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.queue.QueuePass;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.queue.RetentionPolicy;
import io.kchaos.history.FaultWindows;
import java.util.Optional;

/**
 * Judges a consumer-group history (docs/history-txn-group.md) in one pass: the producers' sends and the final drain
 * as the queue checker does (lost-write, inconsistent-offsets, G1a, ...), each group consumer's polls in order between
 * rebalances (nonmonotonic-poll, poll-skip), and the group's own guarantees: committed offsets never move backwards
 * ({@code nonmonotonic-commit}), a (re)assigned consumer resumes at or before the committed offset
 * ({@code skipped-on-resume}), and every record below the end offsets the group caught up to was polled by some group
 * consumer ({@code lost-by-group}). Re-consumption is at-least-once's price: counted in {@code stats.group.duplicates},
 * not an anomaly.
 */
public final class GroupChecker extends LedgerChecker {
    public static final String NAME = "group";

    /** A checker that knows no retention policy (every write missing below the log start is expired). */
    public GroupChecker() {
        this(Optional.empty());
    }

    /** @param retention the run's retention policy, when run.json records one */
    public GroupChecker(Optional<RetentionPolicy> retention) {
        super(NAME, "poll", retention);
    }

    @Override
    protected Extension extension(QueueLedger ledger, QueuePass queueOps, FaultWindows faults, CheckResult result) {
        GroupPass pass = new GroupPass(ledger, queueOps, result);
        return new Extension(pass, pass::finish, () -> new GroupJudge(pass, ledger, result).judge());
    }
}
