package io.kchaos.nemesis.cluster;

import java.time.Duration;

/**
 * Reads back whether a node a nemesis started is in service again: a broker registered and unfenced, a dedicated
 * controller caught up with what the quorum had committed when it was launched. A {@code start} is {@code ok} only
 * once this holds ({@link io.kchaos.nemesis.NodeStart}), and so is the heal of a partition around the active controller.
 */
public interface NodeReturnView {
    /**
     * For contexts with no cluster to ask (unit tests of a schedule on a fake cluster): a started node counts as back
     * at once. A run never uses it.
     */
    NodeReturnView UNCHECKED = new NodeReturnView() {
        @Override
        public Duration bound() {
            return Duration.ZERO;
        }

        @Override
        public Probe beforeStart(int node) {
            return () -> new Presence(true, "not checked");
        }
    };

    /** How long a started node may take to be back before its start is recorded as not held. */
    Duration bound();

    /** Asked just before {@code node} is launched (what it must reach is read then); the probe observes its return. */
    Probe beforeStart(int node);

    /**
     * Asked just before the links between a running {@code node} and the quorum's leader are restored (what it must
     * reach is read then): it is back once caught up with what the quorum had committed by then and, for a broker, once
     * it lists itself live again (a fencing while it was cut off undone). By default, as after a start.
     */
    default Probe beforeReconnect(int node) {
        return beforeStart(node);
    }

    /** One node's return, observed as often as the wait asks. */
    @FunctionalInterface
    interface Probe {
        Presence observe();
    }

    /**
     * One observation of a started node.
     *
     * @param back whether it is in service again
     * @param seen what was seen, in words ("node 2 lists the live brokers [1, 3]")
     */
    record Presence(boolean back, String seen) {
    }
}
