package io.kchaos.nemesis.planted.circle.registry;

import io.kchaos.nemesis.planted.circle.faults.PlantedFaults;

import java.util.ArrayList;
import java.util.List;

/** Planted for FaultCatalogueRulesTest: the old registry circle, a registry that calls its faults' bind. */
public final class PlantedRegistry {
    private final List<String> names = new ArrayList<>();

    /** A registry its faults bound themselves into. */
    public static PlantedRegistry builtIn() {
        PlantedRegistry r = new PlantedRegistry();
        PlantedFaults.bind(r);
        return r;
    }

    /** Called back by the faults. */
    public void bind(String name) {
        names.add(name);
    }
}
