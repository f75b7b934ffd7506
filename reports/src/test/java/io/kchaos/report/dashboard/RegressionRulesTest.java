package io.kchaos.report.dashboard;

import io.kchaos.checker.result.Verdict;
import io.kchaos.report.dashboard.RegressionRules.Sample;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The regression rules: planted regressions are flagged, with why (negative controls); steady series are not (positive controls). */
class RegressionRulesTest {
    private final RegressionRules rules = new RegressionRules(0.5);

    private static Sample valid(double acks, double gap) {
        return new Sample(Verdict.VALID, acks, gap);
    }

    /** Flags of each run of a series against the runs before it, oldest first. */
    private List<List<String>> flags(List<Sample> series) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) out.add(rules.reasons(series.get(i), series.subList(0, i)));
        return out;
    }

    private static List<Sample> steady(int n) {
        List<Sample> s = new ArrayList<>();
        for (int i = 0; i < n; i++) s.add(valid(1000 + (i % 3 - 1) * 80, 2.0 + (i % 2) * 0.4));
        return s;
    }

    @Test
    void aSteadySeriesIsNeverFlagged() {
        flags(steady(12)).forEach(f -> assertTrue(f.isEmpty(), f.toString()));
    }

    @Test
    void aSeriesThatIsAlwaysInvalidIsNotARegression() {
        List<Sample> s = new ArrayList<>();
        for (int i = 0; i < 6; i++) s.add(new Sample(Verdict.INVALID, 500, 3));
        flags(s).forEach(f -> assertTrue(f.isEmpty(), f.toString()));
    }

    @Test
    void aThroughputDropBeyondTheShareIsFlaggedWithItsFigures() {
        List<Sample> s = steady(6);
        s.add(valid(300, 2.1));
        List<String> why = flags(s).get(6);
        assertEquals(List.of("throughput: 300.0 acks/s, down 70 % from the median 1000.0 of the 5 runs before"), why);
    }

    @Test
    void aLongerUnavailabilityBeyondTheShareIsFlaggedWithItsFigures() {
        List<Sample> s = steady(6);
        s.add(valid(1000, 7.0));
        List<String> why = flags(s).get(6);
        assertEquals(1, why.size(), why.toString());
        assertTrue(why.get(0).startsWith("availability: longest unavailability 7.00 s, up 192 % on the median 2.40 s of the 5 runs before"), why.toString());
    }

    @Test
    void turningInvalidAfterAValidRunIsFlaggedEvenAcrossAnUnjudgedRun() {
        List<Sample> s = new ArrayList<>(steady(3));
        s.add(new Sample(Verdict.UNKNOWN, Double.NaN, Double.NaN));
        s.add(new Sample(Verdict.INVALID, 1000, 2.0));
        List<List<String>> f = flags(s);
        assertTrue(f.get(3).isEmpty(), "an unjudged run is not itself a regression: " + f.get(3));
        assertEquals(List.of("turned invalid: the previous judged run of this scenario was valid"), f.get(4));
    }

    @Test
    void changesWithinTheShareAndTheFirstRunAreNotFlagged() {
        assertTrue(rules.reasons(valid(10, 100), List.of()).isEmpty(), "nothing to compare the first run with");
        List<Sample> s = steady(5);
        assertTrue(rules.reasons(valid(520, 2.9), s).isEmpty(), "down 48 %, up 45 %: within 50 %");
    }

    @Test
    void theMedianIsTakenOverTheLastFiveRunsWithTheFigure() {
        List<Sample> s = new ArrayList<>();
        for (int i = 0; i < 5; i++) s.add(valid(100, 2));
        for (int i = 0; i < 5; i++) s.add(valid(1000, 2));
        s.add(new Sample(Verdict.UNKNOWN, Double.NaN, Double.NaN));
        assertTrue(rules.reasons(valid(400, 2), s).get(0).contains("the median 1000.0 of the 5 runs before"),
                "old slow runs no longer count, and a run without the figure is skipped");
        assertEquals(3.0, RegressionRules.median(new double[] {5, 1, 3}));
        assertEquals(2.5, RegressionRules.median(new double[] {4, 1, 3, 2}));
    }

    @Test
    void theShareMustBeBetweenZeroAndOne() {
        for (double bad : new double[] {0, 1, -0.2, 1.5, Double.NaN}) {
            assertThrows(IllegalArgumentException.class, () -> new RegressionRules(bad), Double.toString(bad));
        }
    }
}
