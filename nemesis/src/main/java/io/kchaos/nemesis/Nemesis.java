package io.kchaos.nemesis;

import io.kchaos.nemesis.cluster.Capability;

import java.util.Set;

/**
 * One kind of fault of a run (Jepsen's {@code Nemesis}): a {@link FaultInjector} with the name used with
 * {@code --nemesis} and what the backend must be able to do for it, both as its catalogue entry states them.
 */
public interface Nemesis extends FaultInjector {
    /** The name used with {@code --nemesis}, e.g. {@code kill-leader}. */
    String name();

    /** What the cluster backend must be able to do for this fault; a run refuses it up front when one is missing. */
    default Set<Capability> requires() {
        return Set.of();
    }
}
