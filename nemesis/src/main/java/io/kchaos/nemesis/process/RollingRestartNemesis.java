package io.kchaos.nemesis.process;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NodeStart;

import java.time.Duration;
import java.util.List;

/**
 * {@code rolling-restart}: every node restarted in turn, as in an upgrade — wait for a full ISR (every partition led,
 * every replica in sync), stop the node cleanly (SIGTERM: controlled shutdown), start it again, next node. Nothing is
 * left to heal: the fault is done when the last node is back and the ISR is full.
 */
public final class RollingRestartNemesis implements FaultInjector {
    private final Duration syncTimeout;

    /** @param syncTimeout how long to wait for a full ISR before each restart (and after the last) */
    public RollingRestartNemesis(Duration syncTimeout) {
        this.syncTimeout = syncTimeout;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        List<Integer> nodes = ctx.cluster().nodeIds();
        int restarted = 0;
        for (int node : nodes) {
            if (!Await.until(() -> ctx.topic().fullIsr(), syncTimeout)) break;
            Await.uninterruptibly(() -> {
                ctx.recorder().record(NemesisOps.STOP.f(), NemesisRecorder.nodes(List.of(node)), () -> ctx.cluster().stop(node));
                NodeStart.record(ctx, List.of(node));
            });
            restarted++;
            if (!Await.sleep(Duration.ofSeconds(1))) break;
        }
        if (restarted == 0) return Fault.NONE;
        boolean synced = Await.until(() -> ctx.topic().fullIsr(), syncTimeout);
        return new Done("rolling restart of " + restarted + " of " + nodes.size() + " nodes" + (synced ? ", ISR full again" : ", ISR not yet full"));
    }

    /** A finished restart round: nothing to undo. */
    private record Done(String description) implements Fault {
        @Override
        public void heal() {
        }
    }
}
