package io.kchaos.bench.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * The sums of a set of class costs (classes, tests, failed, skipped, seconds) and their share of the suite's budget:
 * {@code mvn -B verify} in at most 35 minutes on an idle 2-core machine.
 */
public record CostTotals(String label, int classes, int tests, int failed, int skipped, double seconds) {
    /** The whole suite's budget on an idle 2-core machine, in seconds (35 minutes). */
    public static final double BUDGET_SECONDS = 35 * 60;

    /** One total per kind present (cluster first), then the total over all of them. */
    public static List<CostTotals> of(List<ClassCost> costs) {
        List<CostTotals> totals = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            List<ClassCost> ofKind = costs.stream().filter(c -> c.kind() == kind).toList();
            if (!ofKind.isEmpty()) {
                totals.add(sum(kind.label(), ofKind));
            }
        }
        totals.add(sum("all", costs));
        return totals;
    }

    private static CostTotals sum(String label, List<ClassCost> costs) {
        return new CostTotals(label, costs.size(),
                costs.stream().mapToInt(ClassCost::tests).sum(),
                costs.stream().mapToInt(ClassCost::failed).sum(),
                costs.stream().mapToInt(ClassCost::skipped).sum(),
                costs.stream().mapToDouble(ClassCost::seconds).sum());
    }

    /** These seconds as a fraction of {@link #BUDGET_SECONDS} (1.0 is the whole budget). */
    public double budgetShare() {
        return seconds / BUDGET_SECONDS;
    }
}
