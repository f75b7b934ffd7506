package io.kchaos.cluster.net;

import java.util.List;
import java.util.function.Function;

/**
 * Removes placed firewall rules newest first, the order that undoes them safely; a rule whose removal failed stays in
 * its list, the other removals still happen, and the first failure is thrown at the end.
 */
public final class RuleRemoval {
    private RuleRemoval() {
    }

    /**
     * Deletes each of {@code which} (newest last in the list) and drops it from {@code from}; {@code delete} returns
     * null when the rule is gone, or the failure to report.
     */
    public static <R> void newestFirst(List<R> which, List<R> from, Function<R, RuntimeException> delete) {
        RuntimeException failure = null;
        for (int i = which.size() - 1; i >= 0; i--) {
            R rule = which.get(i);
            RuntimeException e = delete.apply(rule);
            if (e == null) {
                from.remove(rule);
            } else if (failure == null) {
                failure = e;
            }
        }
        if (failure != null) throw failure;
    }
}
