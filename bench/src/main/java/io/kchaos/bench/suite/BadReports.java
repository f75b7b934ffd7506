package io.kchaos.bench.suite;

/** The reports cannot give a table (none found, or one is not a readable test report); the message is one line. */
public final class BadReports extends Exception {
    private static final long serialVersionUID = 1L;

    public BadReports(String message) {
        super(message);
    }
}
