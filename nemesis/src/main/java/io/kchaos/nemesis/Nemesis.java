package io.kchaos.nemesis;

import io.kchaos.nemesis.cluster.Capability;

import java.util.Set;

/**
 * One kind of fault (Jepsen's {@code Nemesis}): injects a fault now and returns it, to be healed later. The worker of
 * a {@link io.kchaos.history.FaultSpec}, which declares its name, the ops it records and its settings.
 */
public interface Nemesis {
    /** The name used with {@code --nemesis}, e.g. {@code kill-leader}. */
    String name();

    /**
     * Injects one fault, recording its ops in the history. Returns the active fault, or {@link Fault#NONE} when
     * there was nothing to do (e.g. no leader known right now).
     */
    Fault inject(NemesisContext context);

    /** What the cluster backend must be able to do for this fault; a run refuses it up front when one is missing. */
    default Set<Capability> requires() {
        return Set.of();
    }
}
