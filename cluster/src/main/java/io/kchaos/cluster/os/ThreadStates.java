package io.kchaos.cluster.os;

import java.util.Collection;

/**
 * The scheduler states of one process's threads, as {@code /proc/PID/task/TID/stat} gives them: how many are stopped
 * ({@code T}, or {@code t} under a tracer), how many are not, and whether the process is gone. SIGSTOP is queued at
 * once but the kernel stops the threads one by one, so a pause holds only once every thread is stopped.
 *
 * @param stopped threads in state {@code T} or {@code t}
 * @param other   threads in any other live state (running, sleeping, in disk wait)
 * @param gone    no thread could be read: the process has exited
 */
public record ThreadStates(int stopped, int other, boolean gone) {
    /** The states of these stat lines (one per thread); exited threads ({@code Z}, {@code X}) count in neither. */
    public static ThreadStates of(Collection<String> statLines) {
        int stopped = 0;
        int other = 0;
        for (String line : statLines) {
            char s = state(line);
            if (s == 'T' || s == 't') stopped++;
            else if (s != 'Z' && s != 'X' && s != '?') other++;
        }
        return new ThreadStates(stopped, other, statLines.isEmpty());
    }

    /** The state letter of one stat line: the first field after the command name's closing parenthesis; {@code ?} if none. */
    public static char state(String statLine) {
        int close = statLine.lastIndexOf(')');
        if (close < 0 || close + 2 >= statLine.length()) return '?';
        return statLine.charAt(close + 2);
    }

    /** Every live thread is stopped: a pause holds. */
    public boolean allStopped() {
        return !gone && stopped > 0 && other == 0;
    }

    /** No thread is stopped (or the process is gone): a resume holds. */
    public boolean noneStopped() {
        return stopped == 0;
    }

    @Override
    public String toString() {
        return gone ? "process gone" : stopped + " of " + (stopped + other) + " threads stopped";
    }
}
