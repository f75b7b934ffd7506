package io.kchaos.nemesis.process;

import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;

/** {@code none}: injects nothing (a baseline run). */
public final class NoNemesis implements FaultInjector {

    @Override
    public Fault inject(NemesisContext context) {
        return Fault.NONE;
    }
}
