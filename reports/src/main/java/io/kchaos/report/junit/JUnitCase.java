package io.kchaos.report.junit;

/**
 * One testcase of a Surefire-style report: passed, or a failure (the check found something), an error (it could not
 * judge) or skipped (it did not apply), with a one-line message and a longer body.
 */
public record JUnitCase(String classname, String name, double seconds, Outcome outcome, String type, String message,
                        String body, String systemOut) {
    /** How the case ended. */
    public enum Outcome { PASSED, FAILURE, ERROR, SKIPPED }

    public static JUnitCase passed(String classname, String name, double seconds, String systemOut) {
        return new JUnitCase(classname, name, seconds, Outcome.PASSED, null, null, null, systemOut);
    }

    public static JUnitCase failure(String classname, String name, double seconds, String type, String message, String body) {
        return new JUnitCase(classname, name, seconds, Outcome.FAILURE, type, message, body, null);
    }

    public static JUnitCase skipped(String classname, String name, String message) {
        return new JUnitCase(classname, name, 0, Outcome.SKIPPED, "skipped", message, message, null);
    }

    public static JUnitCase error(String classname, String name, double seconds, String type, String message, String body) {
        return new JUnitCase(classname, name, seconds, Outcome.ERROR, type, message, body, null);
    }
}
