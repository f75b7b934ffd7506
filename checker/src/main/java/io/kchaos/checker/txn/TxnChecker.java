package io.kchaos.checker.txn;

import io.kchaos.history.FaultWindows;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.checker.queue.LedgerChecker;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.queue.QueuePass;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.queue.RetentionPolicy;
import java.util.Optional;

/**
 * Judges a transaction-workload history ({@code txn} ops with send and poll micro-ops, read_committed {@code poll} and
 * {@code drain} ops; docs/history-txn-group.md) in one pass. Committed transactions' sends are acknowledged writes for
 * the queue anomalies (lost-write, duplicate, inconsistent-offsets, nonmonotonic-send/poll, poll-skip), aborted ones'
 * are definitely failed (G1a when read); on top: torn transactions, precommitted reads, the order of a transaction's
 * sends to one partition, and the cycles of the dependency graph between committed transactions (ww, wr, rw, process
 * and real-time edges; io.kchaos.checker.txn.graph).
 */
public final class TxnChecker extends LedgerChecker {
    public static final String NAME = "txn";
    /** Not an anomaly (Kafka does not isolate transactions' writes from each other): a figure in {@code stats}. */
    public static final String INT_SEND_SKIP = ResultsFields.Stats.INT_SEND_SKIP;

    private final boolean withGraph;

    /** A checker that knows no retention policy (every write missing below the log start is expired). */
    public TxnChecker() {
        this(Optional.empty());
    }

    /** @param retention the run's retention policy, when run.json records one */
    public TxnChecker(Optional<RetentionPolicy> retention) {
        this(true, retention);
    }

    private TxnChecker(boolean withGraph, Optional<RetentionPolicy> retention) {
        super(NAME, "send", retention);
        this.withGraph = withGraph;
    }

    /** The checker without the dependency graph (no cycle anomalies): what the graph costs, for benches. */
    public static TxnChecker withoutGraph() {
        return new TxnChecker(false, Optional.empty());
    }

    @Override
    protected Extension extension(QueueLedger ledger, QueuePass queueOps, FaultWindows faults, CheckResult result) {
        TxnPass pass = new TxnPass(ledger, queueOps, result);
        return new Extension(pass, pass::finish, () -> new TxnJudge(pass, ledger, result, withGraph, faults).judge());
    }
}
