package io.kchaos.cluster.os;

/** A machine command that failed; the message has the command line and its stderr. */
public class CommandException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CommandException(String command, CommandResult result) {
        super("command failed (exit " + result.exitCode() + "): " + command + ": " + result.stderr().strip());
    }
}
