package io.kchaos.harness.run;

import io.kchaos.history.Op;
import io.kchaos.checker.queue.JudgedEvidence;

import java.util.function.Consumer;

/**
 * Watches a run's history as it is written for a configuration that cannot accept writes: the first
 * {@value #FIRST_REFUSALS} writes to complete were all refused and none was acknowledged. When every refusal is
 * NotEnoughReplicas (a producer without retries sees the brokers' own answer) that is proof, and the run is stopped at
 * once; with other errors (a retrying producer reports a timeout, whatever the brokers said) the run is only
 * {@link #suspect() suspect}, and {@link IsrBelowMinimum} asks the cluster whether it refuses such writes. A cluster
 * that merely lost a node still acknowledges some writes, so it never trips this.
 */
public final class CannotWriteWatch implements Consumer<Op> {
    /** How many refused writes, with none acknowledged, prove the configuration cannot accept writes. */
    public static final int FIRST_REFUSALS = 50;

    private final JudgedEvidence evidence = new JudgedEvidence();
    private final RunStop stop;
    private volatile boolean suspect;

    public CannotWriteWatch(RunStop stop) {
        this.stop = stop;
    }

    @Override
    public void accept(Op op) {
        if (stop.isStopped()) return;
        evidence.accept(op);
        if (evidence.acknowledged() > 0) {
            suspect = false;
            return;
        }
        if (evidence.refused() < FIRST_REFUSALS) return;
        if (evidence.onlyNotEnoughReplicas()) stop.stop(RunStop.Cause.CANNOT_WRITE, evidence.nothingJudged().orElse("no write accepted"));
        else suspect = true;
    }

    /** True while no write was acknowledged and at least {@value #FIRST_REFUSALS} were refused. */
    public boolean suspect() {
        return suspect;
    }

    /** "0 of N sends acknowledged: ..." so far. */
    public String evidence() {
        return evidence.nothingJudged().orElse("some writes were acknowledged");
    }
}
