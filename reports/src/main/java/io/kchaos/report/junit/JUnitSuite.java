package io.kchaos.report.junit;

import java.util.List;
import java.util.Map;

/** A testsuite: its name, duration, properties (seed, versions...) and cases. */
public record JUnitSuite(String name, double seconds, Map<String, String> properties, List<JUnitCase> cases) {
    public long failures() {
        return cases.stream().filter(c -> c.outcome() == JUnitCase.Outcome.FAILURE).count();
    }

    public long skipped() {
        return cases.stream().filter(c -> c.outcome() == JUnitCase.Outcome.SKIPPED).count();
    }

    public long errors() {
        return cases.stream().filter(c -> c.outcome() == JUnitCase.Outcome.ERROR).count();
    }
}
