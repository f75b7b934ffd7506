package io.kchaos.harness.run;

import io.kchaos.checker.history.Op;
import io.kchaos.checker.queue.JudgedEvidence;

import java.util.function.Consumer;

/**
 * Watches a run's history as it is written and stops the run early when its configuration cannot accept writes: the
 * first {@value #FIRST_REFUSALS} writes to complete were all refused by the brokers with NotEnoughReplicas (a
 * definite refusal: fewer in-sync replicas than {@code min.insync.replicas}, checked before any append) and none was
 * acknowledged. A cluster that merely lost a node still acknowledges some writes, and a slow or dead one times out
 * rather than refuses, so neither trips it; the verdict of such a run is unknown, with the refusal as its reason.
 */
public final class CannotWriteWatch implements Consumer<Op> {
    /** How many refused writes, with none acknowledged, prove the configuration cannot accept writes. */
    public static final int FIRST_REFUSALS = 50;

    private final JudgedEvidence evidence = new JudgedEvidence();
    private final RunStop stop;

    public CannotWriteWatch(RunStop stop) {
        this.stop = stop;
    }

    @Override
    public void accept(Op op) {
        if (stop.isStopped()) return;
        evidence.accept(op);
        if (evidence.acknowledged() == 0 && evidence.refused() >= FIRST_REFUSALS && evidence.onlyNotEnoughReplicas()) {
            stop.stop(RunStop.Cause.CANNOT_WRITE, evidence.nothingJudged().orElse("no write accepted"));
        }
    }
}
