package io.kchaos.nemesis.process;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultRole;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;

import java.util.List;
import java.util.Optional;

/** How a process fault picks its node: the leader of a random partition, or a random running node. */
public enum NodeTarget {
    LEADER, RANDOM;

    /** The chosen node with the partition it leads (-1 for a random node); empty when none qualifies right now. */
    public Optional<Choice> choose(NemesisContext ctx) {
        if (this == LEADER) {
            int p = ctx.randomPartition();
            return ctx.topic().leader(p).filter(ctx.cluster()::isRunning).map(n -> new Choice(n, p));
        }
        List<Integer> running = ctx.cluster().nodeIds().stream().filter(ctx.cluster()::isRunning).toList();
        return running.isEmpty() ? Optional.empty() : Optional.of(new Choice(ctx.pick(running), -1));
    }

    /** A chosen node, and the partition it was chosen as leader of (or -1). */
    public record Choice(int node, int partition) {
        /** {@code {"nodes": [n]}} with the role it was chosen for: {@code "role": "leader", "leader-of": p}, or {@code "role": "random"}. */
        public ObjectNode value() {
            ObjectNode v = NemesisRecorder.nodes(List.of(node));
            return partition >= 0 ? FaultRole.leader(v, partition) : FaultRole.plain(v, FaultRole.RANDOM);
        }
    }
}
