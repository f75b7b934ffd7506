package io.kchaos.harness.run;

import io.kchaos.cluster.os.SigintHook;

import java.io.PrintStream;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Ctrl-C (SIGINT) during a run: the first stops the run's workload phase so the run heals its faults, stops the
 * cluster cleanly and judges what was recorded, within {@link #BUDGET} (else it gives up: exit 2); a second Ctrl-C
 * stops at once without judging (exit 130; the shutdown hooks still kill the brokers and remove the network setup).
 */
public final class Interrupts implements AutoCloseable {
    /** How long an interrupted run may take to heal, stop and judge. */
    public static final Duration BUDGET = Duration.ofSeconds(120);
    static final int EXIT_NOT_JUDGED = 130;
    static final int EXIT_COULD_NOT_JUDGE = 2;

    private final SigintHook hook;
    private final RunStop stop;
    private final Supplier<String> when;
    private final PrintStream err;
    private int count;
    private Thread budget;

    private Interrupts(RunStop stop, Supplier<String> when, PrintStream err) {
        this.stop = stop;
        this.when = when;
        this.err = err;
        this.hook = SigintHook.install(this::interrupted);
    }

    /** Handles SIGINT for the run until closed; {@code when} describes the moment (e.g. "after 23 s of 60"). */
    public static Interrupts install(RunStop stop, Supplier<String> when, PrintStream err) {
        return new Interrupts(stop, when, err);
    }

    private synchronized void interrupted() {
        count++;
        if (count > 1) {
            err.println("kchaos: interrupted again: stopping now without judging");
            err.flush();
            System.exit(EXIT_NOT_JUDGED);
        }
        stop.stop(RunStop.Cause.INTERRUPTED, "by SIGINT " + when.get());
        err.println("kchaos: interrupted: healing faults, stopping the cluster and judging what was recorded (Ctrl-C again to stop without judging)");
        err.flush();
        budget = new Thread(() -> {
            try {
                Thread.sleep(BUDGET.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            err.println("kchaos: the interrupted run did not heal, stop and judge within " + BUDGET.toSeconds() + " s; stopping without a verdict");
            err.flush();
            System.exit(EXIT_COULD_NOT_JUDGE);
        }, "kchaos-interrupt-budget");
        budget.setDaemon(true);
        budget.start();
    }

    /** Restores the previous SIGINT handling. */
    @Override
    public synchronized void close() {
        hook.close();
        if (budget != null) budget.interrupt();
    }
}
