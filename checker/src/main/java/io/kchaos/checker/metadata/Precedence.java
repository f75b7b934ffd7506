package io.kchaos.checker.metadata;

import io.kchaos.checker.metadata.MetadataOps.AdminOp;

/**
 * Whether admin ops can have taken effect in a given order: each at one point between its invocation and its
 * completion (an indeterminate op's completion is never), each point after the one before.
 */
final class Precedence {
    private Precedence() {
    }

    /** Whether {@code order} is a possible order of the ops' effects. */
    static boolean possible(AdminOp... order) {
        long point = Long.MIN_VALUE;
        for (AdminOp a : order) {
            point = Math.max(point + 1, a.index());
            if (point > a.completionIndex()) return false;
        }
        return true;
    }
}
