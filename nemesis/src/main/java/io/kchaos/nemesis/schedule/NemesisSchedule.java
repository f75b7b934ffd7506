package io.kchaos.nemesis.schedule;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NodeStart;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs faults one after another on its own thread: wait a jittered interval, inject a randomly chosen nemesis, hold
 * the fault for a jittered duration, heal it; under {@code coordinator-epoch-at} the first fault waits for that epoch.
 * {@link #stopAndHeal()} ends the schedule and restores the cluster (Jepsen's final generator): heals the active fault,
 * the network, resumes paused nodes, starts dead ones.
 * Every random choice comes from the context's seeded Random, so a schedule replays from its seed.
 */
public final class NemesisSchedule extends ScheduleThread {
    private final List<Nemesis> nemeses;
    private final Duration interval;
    private final Duration hold;
    private final int faultCount;
    private final EpochGate gate;
    private volatile boolean done;
    private Fault active = Fault.NONE;

    public NemesisSchedule(List<Nemesis> nemeses, NemesisContext ctx, Duration interval, Duration hold) {
        this(nemeses, ctx, interval, hold, 0);
    }

    /**
     * A schedule that is {@link #done()} once {@code faultCount} faults held and were healed and one more interval passed
     * (the workload's recovery after the last heal); 0: never done, the run's time limit ends it.
     */
    public NemesisSchedule(List<Nemesis> nemeses, NemesisContext ctx, Duration interval, Duration hold, int faultCount) {
        this(nemeses, ctx, interval, hold, faultCount, 0);
    }

    /**
     * As above, with no fault before the coordinator of one of the workload's transactional ids reports a producer
     * epoch of at least {@code startEpoch} ({@code coordinator-epoch-at}; 0: from the start).
     */
    public NemesisSchedule(List<Nemesis> nemeses, NemesisContext ctx, Duration interval, Duration hold, int faultCount, int startEpoch) {
        super(ctx, "nemesis");
        this.nemeses = List.copyOf(nemeses);
        this.interval = interval;
        this.hold = hold;
        this.faultCount = faultCount;
        this.gate = new EpochGate(startEpoch);
    }

    @Override
    public void run() {
        boolean gated = false; // a gated first fault comes as the gate opens, not an interval later
        while (!stopping && !gate.open(ctx.coordinators())) {
            gated = true;
            current = gate.waiting();
            if (!pause(EpochGate.POLL_MS)) return;
        }
        current = "none";
        while (!stopping) {
            if (!gated && !sleepJittered(interval)) break;
            gated = false;
            Nemesis n = ctx.pick(nemeses);
            Fault f;
            try {
                f = n.inject(ctx);
            } catch (RuntimeException e) {
                current = "none (" + n.name() + " failed: " + e.getMessage() + ")";
                continue;
            }
            synchronized (this) {
                active = f;
            }
            if (f == Fault.NONE) continue;
            if (f.held()) injected++;
            current = f.description();
            sleepJittered(hold);
            healActive();
            if (faultCount > 0 && injected >= faultCount) {
                current = "none (" + injected + " of " + faultCount + " faults done)";
                if (pause(interval.toMillis())) done = true;
                break;
            }
        }
    }

    @Override
    public boolean done() {
        return done;
    }

    @Override
    protected synchronized void healActive() {
        Fault f = active;
        active = Fault.NONE;
        current = "none";
        try {
            f.heal();
        } catch (RuntimeException e) {
            current = "heal failed: " + e.getMessage();
        }
    }

    /** Sleeps between 0.5x and 1.5x the duration; false if interrupted. */
    private boolean sleepJittered(Duration d) {
        return pause((long) (d.toMillis() * (0.5 + ctx.random().nextDouble())));
    }

    /**
     * Restores the whole cluster: network and proxies healed, every node resumed and running, the dedicated controllers
     * as well as the brokers; each repair recorded.
     */
    public static void finalHeal(NemesisContext ctx) {
        List<Integer> every = new ArrayList<>(ctx.cluster().nodeIds());
        ctx.cluster().controllerIds().stream().filter(n -> !every.contains(n)).forEach(every::add);
        ctx.cluster().network().ifPresent(net -> ctx.recorder().record(NemesisOps.HEAL, NemesisRecorder.nodes(every), net::healAll));
        ctx.cluster().toxics().ifPresent(t -> ctx.recorder().record(NemesisOps.HEAL_TOXIC, NemesisRecorder.nodes(every), t::healAll));
        List<Integer> paused = every.stream().filter(ctx.cluster()::isPaused).toList();
        if (!paused.isEmpty()) {
            ctx.recorder().record(NemesisOps.RESUME, NemesisRecorder.nodes(paused), () -> paused.forEach(ctx.cluster()::resume));
        }
        List<Integer> dead = every.stream().filter(n -> !ctx.cluster().isRunning(n)).toList();
        if (!dead.isEmpty()) {
            NodeStart.record(ctx, dead);
        }
    }
}
