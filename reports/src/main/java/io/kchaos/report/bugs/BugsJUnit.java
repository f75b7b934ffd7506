package io.kchaos.report.bugs;

import io.kchaos.report.junit.JUnitCase;
import io.kchaos.report.junit.JUnitSuite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The pack's JUnit suite, one testcase per bug and release: exposed is a failure, inconclusive an error (like a run that
 * could not be judged), not applicable skipped, safe passed.
 */
public final class BugsJUnit {
    static final String CLASSNAME = "kchaos.bugs";

    private BugsJUnit() {
    }

    public static JUnitSuite build(List<BugCell> cells) {
        List<JUnitCase> cases = new ArrayList<>();
        double total = 0;
        for (BugCell c : cells) {
            cases.add(testcase(c));
            total += c.seconds();
        }
        return new JUnitSuite(CLASSNAME, total, Map.of(), cases);
    }

    private static JUnitCase testcase(BugCell c) {
        String body = c.why() + "\n" + c.title() + "\n" + c.link() + (c.reportLink() == null ? "" : "\nreport: " + c.reportLink());
        return switch (c.exposure()) {
            case EXPOSED -> JUnitCase.failure(CLASSNAME, c.name(), c.seconds(), "exposed", "exposed: " + c.why(), body);
            case INCONCLUSIVE -> JUnitCase.error(CLASSNAME, c.name(), c.seconds(), "inconclusive", "inconclusive: " + c.why(), body);
            case NOT_APPLICABLE -> JUnitCase.skipped(CLASSNAME, c.name(), c.why());
            case SAFE -> JUnitCase.passed(CLASSNAME, c.name(), c.seconds(), c.why());
        };
    }
}
