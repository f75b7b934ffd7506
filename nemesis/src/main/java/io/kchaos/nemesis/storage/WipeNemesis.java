package io.kchaos.nemesis.storage;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.StorageControl;
import io.kchaos.nemesis.process.NodeTarget;

import java.util.List;
import java.util.Set;

/**
 * A replaced data disk: SIGKILL a node ({@code kill}), replace its data directory with a freshly formatted empty one
 * ({@code wipe}: same node and cluster id, new directory id; the KRaft metadata log is kept, it lives on its own
 * directory), and restart it when healed ({@code start}); it must re-replicate everything it led or followed.
 */
public final class WipeNemesis implements Nemesis {
    private final NodeTarget target;

    public WipeNemesis(NodeTarget target) {
        this.target = target;
    }

    @Override
    public String name() {
        return "wipe";
    }

    @Override
    public Set<Capability> requires() {
        return Set.of(Capability.STORAGE);
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        StorageControl storage = StorageNemesis.storage(ctx, name());
        return target.choose(ctx).map(choice -> {
            int node = choice.node();
            ObjectNode kill = NemesisRecorder.nodes(List.of(node));
            if (choice.partition() >= 0) kill.put("leader-of", choice.partition());
            ctx.recorder().record(NemesisOps.KILL.f(), kill, () -> ctx.cluster().kill(node));
            ObjectNode wipe = NemesisRecorder.nodes(List.of(node));
            Fault restart = new HealOnce("wipe node " + node,
                    () -> ctx.recorder().record(NemesisOps.START, NemesisRecorder.nodes(List.of(node)), () -> ctx.cluster().start(node)));
            try {
                ctx.recorder().record(NemesisOps.WIPE.f(), wipe, () -> wipe.setAll(storage.wipe(node)));
            } catch (RuntimeException e) {
                restart.heal();
                throw e;
            }
            return restart;
        }).orElse(Fault.NONE);
    }
}
