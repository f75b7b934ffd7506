package io.kchaos.cluster.os;

import java.util.List;

/** The one seam through which the harness runs commands that touch the machine (kill, ip, iptables, tc, docker). */
public interface CommandRunner {

    /** Runs the command to completion (bounded wait) and returns its exit code and output; never throws for a non-zero exit. */
    CommandResult run(List<String> command);

    default CommandResult run(String... command) {
        return run(List.of(command));
    }

    /** Runs the command and throws {@link CommandException} with its output when it exits non-zero. */
    default CommandResult check(String... command) {
        CommandResult r = run(command);
        if (r.exitCode() != 0) throw new CommandException(String.join(" ", command), r);
        return r;
    }
}
