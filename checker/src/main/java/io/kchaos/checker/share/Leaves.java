package io.kchaos.checker.share;

import java.util.ArrayList;
import java.util.List;

/**
 * When members left the share group (crash or close), each as its op's invocation and completion time: a member that
 * leaves takes with it records it acquired but never returned, each such acquisition a delivery no history line shows.
 */
final class Leaves {
    /** Completion times, in history order (ascending). */
    private final List<Long> completed = new ArrayList<>();
    private final List<Long> invoked = new ArrayList<>();
    private boolean invokedSorted = true;

    void add(long invokeTime, long completeTime) {
        completed.add(completeTime);
        invoked.add(invokeTime);
        invokedSorted = false;
    }

    /**
     * The leaves that may have taken effect strictly between history times {@code after} and {@code before}: completed
     * after the one and invoked before the other.
     */
    long between(long after, long before) {
        if (after >= before) return 0;
        if (!invokedSorted) {
            invoked.sort(null);
            invokedSorted = true;
        }
        // a leave invoked at or after `before` completed after `after` too: subtract those from the ones completed after it
        long completedAfter = completed.size() - firstAbove(completed, after);
        long invokedFromBefore = invoked.size() - firstAbove(invoked, before - 1);
        return Math.max(0, completedAfter - invokedFromBefore);
    }

    /** The first index of an ascending list whose value is above t (its size when none is). */
    private static int firstAbove(List<Long> ascending, long t) {
        int lo = 0;
        int hi = ascending.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ascending.get(mid) <= t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
