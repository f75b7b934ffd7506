package io.kchaos.nemesis.schedule;

import io.kchaos.nemesis.cluster.Coordinated;
import io.kchaos.nemesis.cluster.CoordinatorView;

/**
 * {@code coordinator-epoch-at}: the faults begin once the coordinator of one of the workload's transactional ids
 * reports a producer epoch of at least the bound; open for good from then on. A bound of 0 is open from the start.
 */
final class EpochGate {
    /** How often a closed gate asks the coordinators. */
    static final long POLL_MS = 200;

    private final int atEpoch;
    private volatile boolean open;

    EpochGate(int atEpoch) {
        this.atEpoch = atEpoch;
        this.open = atEpoch <= 0;
    }

    /** Whether the faults may begin: asks each transactional id's coordinator until one has reached the bound. */
    boolean open(CoordinatorView view) {
        if (open) return true;
        open = view.targets().stream().filter(t -> t.kind() == Coordinated.Kind.TRANSACTION)
                .anyMatch(t -> view.producerEpoch(t).filter(e -> e >= atEpoch).isPresent());
        return open;
    }

    /** The schedule's status line while the gate is closed. */
    String waiting() {
        return "none (waiting for a transactional producer at epoch " + atEpoch + ")";
    }
}
