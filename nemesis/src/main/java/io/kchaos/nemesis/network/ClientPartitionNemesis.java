package io.kchaos.nemesis.network;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.NetworkControl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code partition-clients}: cuts the harness's clients (producers, consumers, admin) from a random non-empty minority
 * or more of the nodes, at most all but one, while the nodes still see each other; healing removes exactly that cut.
 */
public final class ClientPartitionNemesis implements FaultInjector {

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<NetworkControl> net = ctx.cluster().network();
        List<Integer> nodes = new ArrayList<>(ctx.cluster().nodeIds());
        if (net.isEmpty() || nodes.isEmpty()) return Fault.NONE;
        Collections.shuffle(nodes, ctx.random());
        int count = nodes.size() == 1 ? 1 : 1 + ctx.random().nextInt(nodes.size() - 1);
        Set<Integer> cut = new TreeSet<>(nodes.subList(0, count));
        return NetworkFault.apply(ctx, NemesisOps.PARTITION_CLIENTS.f(), NemesisRecorder.nodes(cut), "clients cut from nodes " + cut,
                () -> net.get().partitionClients(cut), net.get()::healPartitions);
    }
}
