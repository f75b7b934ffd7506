package io.kchaos.harness.layering.planted.proxy;

import io.kchaos.harness.layering.planted.run.PlantedRun;

/** A planted violator: the proxy package reading the run package that uses it. */
public final class PlantedProxy {
    private PlantedProxy() {
    }

    /** Reads the run's config back. */
    public static String wrap() {
        return PlantedRun.config();
    }
}
