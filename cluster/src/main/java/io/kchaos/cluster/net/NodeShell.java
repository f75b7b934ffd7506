package io.kchaos.cluster.net;

import io.kchaos.cluster.os.CommandResult;

import java.util.List;

/**
 * Where one node's network faults are set, as its backend reaches it: commands run there as root (inside the node's
 * namespace, on its host over SSH), the place's name for messages, and how a failed command there is reported.
 */
public interface NodeShell {
    /** Runs the command there to completion; never throws for a non-zero exit. */
    CommandResult run(List<String> command);

    /** The place in words, for messages ({@code kchaos-4242a-n2}, {@code host 2 (root@10.0.0.12:22)}). */
    String label();

    /** The exception that reports {@code command} failing there with {@code result}. */
    RuntimeException failed(List<String> command, CommandResult result);

    /** Runs the command and returns its output; throws {@link #failed} when it exits non-zero. */
    default String check(List<String> command) {
        CommandResult r = run(command);
        if (!r.ok()) throw failed(command, r);
        return r.stdout();
    }
}
