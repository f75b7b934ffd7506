package io.kchaos.nemesis.catalogue;

import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.Capability;

import java.util.Set;

/**
 * A fault of the catalogue ready to run: its worker, named and with the needs its spec states.
 *
 * @param spec   the catalogue entry
 * @param worker what injects it
 */
record CataloguedNemesis(FaultSpec spec, FaultInjector worker) implements Nemesis {
    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public Set<Capability> requires() {
        return spec.capabilities();
    }

    @Override
    public Fault inject(NemesisContext context) {
        return worker.inject(context);
    }
}
