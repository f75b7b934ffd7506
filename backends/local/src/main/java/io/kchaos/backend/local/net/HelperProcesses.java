package io.kchaos.backend.local.net;

import java.time.Duration;
import java.util.List;

/**
 * Long-running helper processes (the delay queue), unlike the run-to-completion commands of CommandRunner: started
 * with a command, ready once it prints {@code ready}, stopped with SIGTERM.
 */
public interface HelperProcesses {
    /** Starts the command and waits until it prints {@code ready}; throws IllegalStateException with its output if it exits or times out first. */
    Handle start(List<String> command, Duration readyTimeout);

    /** A started helper. */
    interface Handle {
        /** SIGTERM, a short wait, then SIGKILL. Idempotent. */
        void stop();

        /** The helper's process id (that of the command: {@code ip netns exec} execs, it does not fork). */
        long pid();

        /** Whether the process is still running. */
        boolean alive();
    }
}
