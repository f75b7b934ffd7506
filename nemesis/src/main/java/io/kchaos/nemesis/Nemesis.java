package io.kchaos.nemesis;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.cluster.Capability;

import java.util.List;
import java.util.Set;

/** One kind of fault (Jepsen's {@code Nemesis}): injects a fault now and returns it, to be healed later. */
public interface Nemesis {
    /** The name used with {@code --nemesis}, e.g. {@code kill-leader}. */
    String name();

    /**
     * Injects one fault, recording its ops in the history. Returns the active fault, or {@link Fault#NONE} when
     * there was nothing to do (e.g. no leader known right now).
     */
    Fault inject(NemesisContext context);

    /**
     * The fault ops this nemesis records, each declared in {@link NemesisOps} with the heal ops that end it:
     * availability and the report pair faults and heals by that declaration. NemesisContractTest (harness) fails
     * when a nemesis records an op it does not declare here.
     */
    default List<FaultOp> faults() {
        return List.of();
    }

    /** What the cluster backend must be able to do for this fault; a run refuses it up front when one is missing. */
    default Set<Capability> requires() {
        return Set.of();
    }
}
