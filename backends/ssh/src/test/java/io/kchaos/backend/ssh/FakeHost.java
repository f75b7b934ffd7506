package io.kchaos.backend.ssh;

import io.kchaos.cluster.os.CommandResult;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A host that answers {@link RemoteProcess}'s scripts by what they do: a signal is sent to a live broker, a thread
 * read gives the stat lines of its n-th read, an exit wait ends with a set status. Keeps every script it ran.
 */
final class FakeHost implements HostScripts {
    final List<String> scripts = new ArrayList<>();
    private final IntFunction<List<String>> threadReads;
    private final int exitWaitStatus;
    private final boolean running;
    private int reads;

    /**
     * @param threadReads    read number (0, 1, ...) → the stat lines the host prints for the broker's threads
     * @param exitWaitStatus the status a kill's or stop's wait on the host ends with (0 gone, 1 still there)
     */
    FakeHost(IntFunction<List<String>> threadReads, int exitWaitStatus) {
        this(threadReads, exitWaitStatus, true);
    }

    private FakeHost(IntFunction<List<String>> threadReads, int exitWaitStatus, boolean running) {
        this.threadReads = threadReads;
        this.exitWaitStatus = exitWaitStatus;
        this.running = running;
    }

    /** A host whose broker does not run: no signal is sent, no thread is there. */
    static FakeHost withoutBroker() {
        return new FakeHost(read -> List.of(), 0, false);
    }

    /** A stat line of thread {@code tid} in scheduler state {@code state}, its name with a space and a parenthesis as the JVM's are. */
    static String stat(int tid, char state) {
        return tid + " (C2 Compiler) x) " + state + " 1 4242 4242 0 -1 4194560 0 0 0 0";
    }

    @Override
    public synchronized CommandResult exec(String script) {
        scripts.add(script);
        if (script.contains("/task/*/stat")) return new CommandResult(0, String.join("\n", threadReads.apply(reads++)) + "\n", "");
        if (script.contains("&& echo sent")) return running ? new CommandResult(0, "sent\n", "") : new CommandResult(1, "", "");
        if (script.contains("while")) return new CommandResult(exitWaitStatus, "", "");
        return new CommandResult(0, "", "");
    }

    synchronized int reads() {
        return reads;
    }
}
