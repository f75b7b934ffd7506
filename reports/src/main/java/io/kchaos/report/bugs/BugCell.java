package io.kchaos.report.bugs;

/**
 * One bug on one release, as the pack's page and junit.xml show it.
 *
 * @param bug        the bug's id, e.g. KIP-966
 * @param title      its one-line title
 * @param link       its JIRA or KIP page
 * @param release    the Kafka release, e.g. 3.9.1
 * @param exposure   the answer
 * @param expected   the answer the catalogue's ranges expect
 * @param why        one line: the run folder and anomaly counts, or why no run decided
 * @param reportLink the deciding run's report.html relative to the pack's folder, or null
 * @param seconds    time spent on this bug and release (0 without a run)
 */
public record BugCell(String bug, String title, String link, String release, Exposure exposure, Exposure expected, String why,
                      String reportLink, double seconds) {

    /** True when the answer is the one the catalogue expects. */
    public boolean met() {
        return exposure == expected;
    }

    /** Why the answer breaks the expectation, or null when it keeps it. */
    public String unmet() {
        return met() ? null : "expected " + expected.word() + ", got " + exposure.word() + ": " + why;
    }

    /** "KIP-966 on 3.9.1". */
    public String name() {
        return bug + " on " + release;
    }
}
