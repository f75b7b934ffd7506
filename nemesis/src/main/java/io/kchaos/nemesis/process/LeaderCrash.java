package io.kchaos.nemesis.process;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.NemesisContext;

import java.util.List;

/**
 * How a nemesis takes a node down for good (until its heal starts it again), recording the op: {@link #KILL}, SIGKILL
 * with the page cache kept; or a power loss, which also drops what the node never synced.
 */
public interface LeaderCrash {
    /** SIGKILL, recorded as {@code kill}. */
    LeaderCrash KILL = (ctx, nodes, value) -> ctx.recorder().record(NemesisOps.KILL.f(), value, () -> nodes.forEach(ctx.cluster()::kill));

    /** Takes these nodes down at once, recording one op with {@code value} (which names them). */
    void crash(NemesisContext ctx, List<Integer> nodes, ObjectNode value);

    /** The fault op this crash records ({@code kill} unless overridden). */
    default FaultOp fault() {
        return NemesisOps.KILL;
    }
}
