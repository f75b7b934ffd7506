package io.kchaos.cluster;

/**
 * The metadata quorum a cluster runs: {@code controllers} dedicated controller nodes beside the brokers (0: combined
 * mode, every node a broker and a voter) and how the voters are configured. Dedicated controllers get the node ids
 * after the brokers' ({@code nodes + 1} to {@code nodes + controllers}), so an id names one node whatever its role.
 *
 * @param controllers dedicated controllers, 0 for combined mode
 * @param mode        static or dynamic voters
 */
public record QuorumSpec(int controllers, QuorumMode mode) {
    /** The default: combined mode, static voters. */
    public static final QuorumSpec COMBINED = new QuorumSpec(0, QuorumMode.STATIC);
    /** A dedicated controller's heap: the metadata of a test cluster is small, so 3 brokers and 3 controllers fit 2 cores and a few GB. */
    public static final int CONTROLLER_HEAP_MB = 256;

    public QuorumSpec {
        if (controllers < 0) throw new IllegalArgumentException("controllers must be >= 0");
    }

    /** True when the controllers run apart from the brokers. */
    public boolean dedicated() {
        return controllers > 0;
    }

    /** The id of the {@code i}-th controller (from 1) beside {@code brokers} brokers. */
    public static int controllerId(int brokers, int i) {
        return brokers + i;
    }
}
