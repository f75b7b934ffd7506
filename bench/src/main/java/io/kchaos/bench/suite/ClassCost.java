package io.kchaos.bench.suite;

/**
 * What one test class cost, as its report gives it: the tests it ran, how many failed (failures and errors), how many
 * were skipped, and its time in seconds.
 */
public record ClassCost(String className, String module, Kind kind, int tests, int failed, int skipped, double seconds) {

    /** The class's name without its package, as the docs' tables name it. */
    public String simpleName() {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
