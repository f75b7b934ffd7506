package io.kchaos.report.junit;

/**
 * One testcase of a Surefire-style report: passed, or a failure (the check found something) or an error (it could not
 * judge), with a one-line message and a longer body.
 */
public record JUnitCase(String classname, String name, double seconds, Outcome outcome, String type, String message,
                        String body, String systemOut) {
    /** How the case ended. */
    public enum Outcome { PASSED, FAILURE, ERROR }

    public static JUnitCase passed(String classname, String name, double seconds, String systemOut) {
        return new JUnitCase(classname, name, seconds, Outcome.PASSED, null, null, null, systemOut);
    }

    public static JUnitCase failure(String classname, String name, double seconds, String type, String message, String body) {
        return new JUnitCase(classname, name, seconds, Outcome.FAILURE, type, message, body, null);
    }

    public static JUnitCase error(String classname, String name, double seconds, String type, String message, String body) {
        return new JUnitCase(classname, name, seconds, Outcome.ERROR, type, message, body, null);
    }
}
