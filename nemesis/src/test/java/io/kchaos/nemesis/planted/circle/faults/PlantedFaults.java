package io.kchaos.nemesis.planted.circle.faults;

import io.kchaos.nemesis.planted.circle.registry.PlantedRegistry;

/** Planted for FaultCatalogueRulesTest: faults that bind themselves into the registry that called them. */
public final class PlantedFaults {
    private PlantedFaults() {
    }

    /** Calls back into the registry. */
    public static void bind(PlantedRegistry r) {
        r.bind("planted");
    }
}
