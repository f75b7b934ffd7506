package io.kchaos.history;

import java.util.ArrayList;
import java.util.List;

/**
 * A history's nemesis ops, in order, and the time of its last op of any kind: what the run-level judgments of faults
 * read (fault windows, voter changes), gathered in one pass so that each of them need not walk the whole history again.
 *
 * @param ops      the nemesis ops
 * @param endNanos the time of the history's last op (0 for an empty one)
 */
public record NemesisTrack(List<Op> ops, long endNanos) {
    public NemesisTrack {
        ops = List.copyOf(ops);
    }

    /** One pass over {@code history}. */
    public static NemesisTrack of(History history) {
        List<Op> ops = new ArrayList<>();
        long[] end = {0};
        history.forEach(op -> {
            end[0] = Math.max(end[0], op.time());
            if (op.isNemesis()) ops.add(op);
        });
        return new NemesisTrack(ops, end[0]);
    }

    /** The nemesis ops as a history of their own, for checks that read nemesis ops only. */
    public History asHistory() {
        return History.of(ops);
    }
}
