package io.kchaos.harness.run;

import io.kchaos.history.Op;
import io.kchaos.checker.queue.JudgedEvidence;

import java.util.Set;
import java.util.function.Consumer;

/**
 * Watches a run's history as it is written for a configuration that cannot accept writes: the first
 * {@value #FIRST_REFUSALS} writes to complete were all refused and none was acknowledged. When every refusal is the
 * same definite error — NotEnoughReplicas, or an error a retrying producer does not retry (e.g. RecordTooLarge), so
 * every record would get it — that is proof, and the run is stopped at once. With a transient error (a timeout, a
 * disconnect: a retrying producer reports a timeout whatever the brokers said) or mixed errors the run is only
 * {@link #suspect() suspect}, and {@link IsrBelowMinimum} asks the cluster whether it refuses such writes. A cluster
 * that merely lost a node still acknowledges some writes, so it never trips this.
 */
public final class CannotWriteWatch implements Consumer<Op> {
    /** How many refused writes, with none acknowledged, prove the configuration cannot accept writes. */
    public static final int FIRST_REFUSALS = 50;
    /** Errors that may pass: they prove nothing about the configuration. */
    static final Set<String> TRANSIENT = Set.of("Timeout", "Network", "Disconnect", "NotLeaderOrFollower", "Interrupt",
            "CoordinatorNotAvailable", "info without error", "fail without error");

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
        String only = evidence.onlyRefusal().orElse(null);
        if (only != null && !TRANSIENT.contains(only)) {
            String why = evidence.nothingJudged().orElse("no write accepted");
            stop.stop(RunStop.Cause.CANNOT_WRITE, evidence.onlyNotEnoughReplicas() ? why : why + " — the brokers refuse every write");
        } else {
            suspect = true;
        }
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
