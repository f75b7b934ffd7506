package io.kchaos.checker.metadata;

import io.kchaos.checker.metadata.MetadataOps.AdminOp;
import io.kchaos.history.ClientOps;
import io.kchaos.history.OpType;

import java.util.List;

/**
 * A topic's lives as its creates and deletes that did not fail allow them: what a delete may have removed (only the
 * life it ended) and whether a create may have made the topic again after a delete.
 */
final class Lives {
    private final List<AdminOp> creates;
    private final List<AdminOp> deletes;

    Lives(List<AdminOp> ops) {
        creates = ops.stream().filter(a -> a.f().equals(ClientOps.CREATE_TOPIC) && a.type() != OpType.FAIL).toList();
        deletes = ops.stream().filter(a -> a.f().equals(ClientOps.DELETE_TOPIC) && a.type() != OpType.FAIL).toList();
    }

    /**
     * Whether a final read may lack the acknowledged {@code change}: a delete may have taken effect after it and, when
     * the read serves the topic ({@code served}), another create after that delete. A topic still served with no
     * create possible after a delete shows that the delete never landed, so it excuses nothing.
     */
    boolean excused(AdminOp change, boolean served) {
        for (AdminOp d : deletes) {
            if (!served && Precedence.possible(change, d)) return true;
            if (served && creates.stream().anyMatch(c -> c != change && Precedence.possible(change, d, c))) return true;
        }
        return false;
    }

    /**
     * Whether a create may have made the topic again after the acknowledged {@code delete}, another create having made
     * the life that delete removed: an acknowledged create that overlapped the delete of an existing topic came after it.
     */
    boolean recreated(AdminOp delete) {
        return creates.stream().anyMatch(c -> creates.stream().anyMatch(before -> before != c
                && Precedence.possible(before, delete, c)));
    }
}
