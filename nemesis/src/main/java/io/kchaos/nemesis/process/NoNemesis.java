package io.kchaos.nemesis.process;

import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;

/** {@code none}: injects nothing (a baseline run). */
public final class NoNemesis implements Nemesis {
    @Override
    public String name() {
        return "none";
    }

    @Override
    public Fault inject(NemesisContext context) {
        return Fault.NONE;
    }
}
