package io.kchaos.harness.layering.planted.run;

import io.kchaos.harness.layering.planted.proxy.PlantedProxy;

/** A planted violator: a run that uses the proxy package, which uses it back (what ChaosRun and ProxiedRuns once did). */
public final class PlantedRun {
    private PlantedRun() {
    }

    /** Wraps through the proxy package. */
    public static String wrap() {
        return PlantedProxy.wrap();
    }

    /** What the proxy package reads of a run. */
    public static String config() {
        return "config";
    }
}
