package io.kchaos.cluster.os;

/** Exit code and captured output of one command. */
public record CommandResult(int exitCode, String stdout, String stderr) {
    public boolean ok() {
        return exitCode == 0;
    }
}
