package io.kchaos.backend.ssh;

import io.kchaos.cluster.os.CommandResult;

/** Runs a shell script on one host and gives back its exit code and output: the seam between a process and its SSH session. */
@FunctionalInterface
interface HostScripts {
    /** Runs the script (bounded wait); a non-zero exit is a result, not an exception. */
    CommandResult exec(String script);
}
