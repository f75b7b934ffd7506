package io.kchaos.harness.run;

import io.kchaos.checker.Checker;
import io.kchaos.checker.ComposedChecker;
import io.kchaos.checker.availability.AvailabilityChecker;
import io.kchaos.checker.group.GroupChecker;
import io.kchaos.checker.queue.QueueChecker;
import io.kchaos.checker.share.ShareChecker;
import io.kchaos.checker.txn.TxnChecker;
import io.kchaos.history.History;
import io.kchaos.checker.replica.ReplicaAudit;
import io.kchaos.checker.result.CheckResult;

import java.util.List;
import java.util.Set;

/**
 * The standard checker set of kchaos, by workload: the client-history checks ({@code queue}: the queue checker;
 * {@code txn}: the transaction checker; {@code group}: the consumer-group checker; {@code share}: the share-group checker; availability where there are
 * plain sends), then (for a run) the replica audit.
 */
public final class Judges {
    /** The workloads whose histories can be judged. */
    public static final Set<String> WORKLOADS = Set.of("queue", "txn", "group", "share");

    private Judges() {
    }

    /** Every check of a queue history that needs only the history. */
    public static Checker historyChecker() {
        return historyChecker("queue");
    }

    /** Every check of this workload's history that needs only the history. */
    public static Checker historyChecker(String workload) {
        return switch (workload) {
            case "queue" -> new ComposedChecker(List.of(new QueueChecker(), new AvailabilityChecker()));
            case "txn" -> new ComposedChecker(List.of(new TxnChecker()));
            case "group" -> new ComposedChecker(List.of(new GroupChecker(), new AvailabilityChecker()));
            case "share" -> new ComposedChecker(List.of(new ShareChecker(), new AvailabilityChecker()));
            default -> throw new IllegalArgumentException("no checkers for workload '" + workload + "'; known: " + WORKLOADS);
        };
    }

    /** The judge of a full queue run. */
    public static Judge forRun() {
        return forRun("queue");
    }

    /** The judge of a full run: history checks, then the replica audit of the cleanly stopped data directories. */
    public static Judge forRun(String workload) {
        return (history, folder, fin) -> {
            CheckResult r = historyChecker(workload).check(history);
            r.stats().put("faults-injected", fin.faultsInjected());
            if (!fin.fullIsrBeforeDrain()) r.warn("the ISR was not full before the drain; replicas outside it may lag");
            r.merge(replicaAudit(history, fin));
            return r;
        };
    }

    /** The audit of the run's data directories against each other and against the history's acknowledged writes. */
    static CheckResult replicaAudit(History history, FinalState fin) {
        try {
            return ReplicaAudit.builder().logDirs(fin.logDirs().values()).topics(List.of(fin.topic()))
                    .finalIsr(fin.topic(), fin.finalIsr()).ackedWrites(history, fin.topic()).build().run();
        } catch (RuntimeException e) {
            CheckResult failed = new CheckResult();
            failed.error("replica audit failed: " + e.getMessage());
            return failed;
        }
    }
}
