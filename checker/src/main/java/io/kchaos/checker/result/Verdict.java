package io.kchaos.checker.result;

/** Three-valued verdict, ranked as in Jepsen's merge-valid: valid &lt; unknown &lt; invalid. Maps to exit codes 0/2/1. */
public enum Verdict {
    VALID(0), UNKNOWN(2), INVALID(1);

    private final int exitCode;

    Verdict(int exitCode) {
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** The worse of two verdicts. */
    public Verdict merge(Verdict other) {
        return ordinal() >= other.ordinal() ? this : other;
    }
}
