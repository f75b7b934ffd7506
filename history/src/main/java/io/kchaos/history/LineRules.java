package io.kchaos.history;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rules that hold between the ops of a history (docs/format.md), checked as the ops are read in order:
 * {@code index} counts the ops from 0, {@code time} never goes backwards, a client {@code f} is one the format
 * defines, and a client process runs one op at a time — each completion closes the one pending invocation of its
 * process, with the same {@code f}. Nemesis ops are ignorable: any {@code f}, no pairing. One instance per pass.
 */
public final class LineRules {
    /** Every client {@code f} of the queue, txn and consumer-group workloads. */
    public static final Set<String> CLIENT_FS = Set.of("send", "poll", "drain", "txn",
            "subscribe", "commit", "committed", "close", "crash", "reset", "catch-up");

    private final Map<Integer, Pending> pending = new HashMap<>();
    private long nextIndex;
    private long lastTime;

    private record Pending(String f, long line) {
    }

    /** Checks the op read from {@code line}; throws IllegalArgumentException with the reason when it breaks a rule. */
    public void check(Op op, long line) {
        if (op.index() != nextIndex) {
            throw new IllegalArgumentException("\"index\" is " + op.index() + " where " + nextIndex
                    + " was expected (indexes count the ops from 0, +1 each line: a duplicated, missing or reordered line?)");
        }
        nextIndex++;
        if (op.time() < lastTime) {
            throw new IllegalArgumentException("\"time\" " + op.time() + " is before the previous op's " + lastTime + " (time never goes backwards)");
        }
        lastTime = op.time();
        if (op.isNemesis()) return;
        if (!CLIENT_FS.contains(op.f())) {
            throw new IllegalArgumentException("unknown client \"f\" \"" + op.f() + "\" (known: " + new TreeSet<>(CLIENT_FS)
                    + "; only nemesis ops may use other names)");
        }
        Pending open = pending.get(op.process());
        if (op.isInvoke()) {
            if (open != null) {
                throw new IllegalArgumentException("process " + op.process() + " invokes " + op.f() + " while its " + open.f()
                        + " invoked on line " + open.line() + " has no completion (a process runs one op at a time)");
            }
            pending.put(op.process(), new Pending(op.f(), line));
            return;
        }
        if (open == null) {
            throw new IllegalArgumentException(op.type().wire() + " " + op.f() + " of process " + op.process()
                    + " completes nothing: the process has no pending invocation (a second completion, or one before its invoke)");
        }
        if (!open.f().equals(op.f())) {
            throw new IllegalArgumentException(op.type().wire() + " " + op.f() + " of process " + op.process() + " completes the "
                    + open.f() + " invoked on line " + open.line() + " (a completion has its invocation's f)");
        }
        pending.remove(op.process());
    }
}
