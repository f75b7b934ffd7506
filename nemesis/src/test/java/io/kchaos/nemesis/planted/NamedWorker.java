package io.kchaos.nemesis.planted;

import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.Capability;

import java.util.Set;

/** Planted for FaultCatalogueRulesTest: a worker that restates its catalogue entry's name and needs. */
public final class NamedWorker implements FaultInjector {
    public String name() {
        return "planted";
    }

    public Set<Capability> requires() {
        return Set.of(Capability.NETWORK);
    }

    @Override
    public Fault inject(NemesisContext context) {
        return Fault.NONE;
    }
}
