package io.kchaos.bench.suite;

/** Which part of {@code mvn -B verify} ran a test class: Failsafe's cluster tests or Surefire's fast unit tests. */
public enum Kind {
    CLUSTER("failsafe-reports"),
    UNIT("surefire-reports");

    private final String reportFolder;

    Kind(String reportFolder) {
        this.reportFolder = reportFolder;
    }

    /** The folder under a module's {@code target} that holds this kind's {@code TEST-*.xml} reports. */
    public String reportFolder() {
        return reportFolder;
    }

    /** The kind's name as the table prints it. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
