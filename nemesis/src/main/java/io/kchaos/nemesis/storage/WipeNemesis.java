package io.kchaos.nemesis.storage;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.StorageControl;
import io.kchaos.nemesis.process.Await;
import io.kchaos.nemesis.process.NodeTarget;

import java.time.Duration;
import java.util.List;

/**
 * A replaced data disk: SIGKILL a node ({@code kill}), replace its data directory with a freshly formatted empty one
 * ({@code wipe}: same node and cluster id, new directory id; the KRaft metadata log is kept, it lives on its own
 * directory), and restart it when healed ({@code start}); it must re-replicate everything it led or followed.
 * A disk is replaced in minutes, so by default the wipe waits until the controller has fenced the killed broker;
 * {@code wipe-before-fencing=true} restarts it on its empty disk while its old registration may still be in an ISR.
 * When the run ends during that wait, the disk is not wiped and the history shows only the kill and the start.
 */
public final class WipeNemesis implements FaultInjector {
    /** How long the wipe waits for the controller to fence the killed broker (Kafka's default session is 9 s). */
    static final Duration FENCING_BOUND = Duration.ofSeconds(60);

    private final NodeTarget target;
    private final boolean awaitFencing;

    public WipeNemesis(NodeTarget target, boolean awaitFencing) {
        this.target = target;
        this.awaitFencing = awaitFencing;
    }

    public WipeNemesis(NodeTarget target) {
        this(target, true);
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        StorageControl storage = StorageNemesis.storage(ctx, NemesisOps.WIPE.f());
        return target.choose(ctx).map(choice -> {
            int node = choice.node();
            ctx.recorder().record(NemesisOps.KILL.f(), choice.value(), () -> ctx.cluster().kill(node));
            Fault restart = new HealOnce("wipe node " + node,
                    () -> NodeStart.record(ctx, List.of(node)));
            ObjectNode wipe = NemesisRecorder.nodes(List.of(node));
            if (awaitFencing) wipe.setAll(awaitFenced(ctx, node));
            // The run ended during the wait: leave the disk as it is (a wipe cut short would leave it empty and
            // unformatted, a node that cannot start), so the heal restarts a killed node only.
            if (Thread.currentThread().isInterrupted()) return restart;
            try {
                ctx.recorder().record(NemesisOps.WIPE.f(), wipe, () -> wipe.setAll(storage.wipe(node)));
            } catch (RuntimeException e) {
                restart.heal();
                throw e;
            }
            return restart;
        }).orElse(Fault.NONE);
    }

    /**
     * Waits until the controller no longer lists the killed broker as registered and unfenced, so that its old
     * registration is out of every ISR before it comes back empty; returns what the wipe op records about the wait.
     */
    private static ObjectNode awaitFenced(NemesisContext ctx, int node) {
        ObjectNode facts = JsonNodeFactory.instance.objectNode();
        long t0 = System.nanoTime();
        boolean fenced = Await.until(() -> ctx.topic().unfencedBrokers().map(b -> !b.contains(node)).orElse(false), FENCING_BOUND);
        double waited = Math.round((System.nanoTime() - t0) / 1e7) / 100.0;
        if (fenced) facts.put("fenced-after-s", waited);
        else facts.put("not-fenced-within-s", waited);
        return facts;
    }
}
