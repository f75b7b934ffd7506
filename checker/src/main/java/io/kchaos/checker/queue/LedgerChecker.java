package io.kchaos.checker.queue;

import io.kchaos.checker.Checker;
import io.kchaos.history.FaultWindows;
import io.kchaos.history.History;
import io.kchaos.history.Op;
import io.kchaos.checker.result.CheckResult;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * The one skeleton of every checker built on the {@link QueueLedger} (queue, txn, group, share): a single pass over the
 * history feeding a workload's pass (which feeds the queue ops), then the ledger's judgement of the shared anomalies,
 * then the workload's own judgement; lost writes are also tallied by the fault window they were acknowledged in
 * ({@link CheckResult#tallyByFault}). A history with no client op or no acknowledged write gets an error (the verdict
 * is unknown unless anomalies were found), per {@link JudgedEvidence}.
 */
public abstract class LedgerChecker implements Checker {
    private final String name;
    private final String droppedStat;
    private final Optional<RetentionPolicy> retention;

    /**
     * @param name        the checker's name (the workload's)
     * @param droppedStat a queue-op count section that means nothing for the workload (e.g. {@code send} for
     *                    transactions), or null
     * @param retention   the run's retention policy (run.json), which tells expired writes from premature deletions;
     *                    empty when unknown (every write missing below the log start is then expired)
     */
    protected LedgerChecker(String name, String droppedStat, Optional<RetentionPolicy> retention) {
        this.name = name;
        this.droppedStat = droppedStat;
        this.retention = retention;
    }

    @Override
    public final String name() {
        return name;
    }

    /** A workload's own pass over the history: its visitor, what to do after the last op, and its judgement. */
    public record Extension(Consumer<Op> visitor, Runnable finish, Runnable judge) {
    }

    /**
     * The workload's extension over the shared ledger, queue-op pass and result; {@code faults} are the history's fault
     * windows, read by this checker's own pass and finished before the extension's judge runs.
     */
    protected abstract Extension extension(QueueLedger ledger, QueuePass queueOps, FaultWindows faults, CheckResult result);

    /** Throws {@link io.kchaos.history.HistoryFormatException} when the history cannot be judged. */
    @Override
    public final CheckResult check(History history) {
        CheckResult result = new CheckResult();
        QueueLedger ledger = new QueueLedger(result, retention);
        QueuePass queueOps = new QueuePass(ledger);
        FaultWindows faults = new FaultWindows();
        Extension ext = extension(ledger, queueOps, faults, result);
        JudgedEvidence evidence = new JudgedEvidence();
        long[] last = {0};
        history.forEach(ext.visitor().andThen(evidence).andThen(op -> {
            last[0] = Math.max(last[0], op.time());
            if (op.isNemesis()) {
                faults.accept(op);
                ConfigChanges.accept(op, ledger);
            }
        }));
        ext.finish().run();
        faults.finish(last[0]);
        result.tallyByFault(faults.windows());
        history.warnings().forEach(result::warn);
        queueOps.countsInto(result.stats());
        if (droppedStat != null) result.stats().remove(droppedStat);
        ledger.judge();
        queueOps.pairingInto(result);
        ext.judge().run();
        evidence.nothingJudged().ifPresent(result::error);
        return result;
    }
}
