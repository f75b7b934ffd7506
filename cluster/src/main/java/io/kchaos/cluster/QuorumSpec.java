package io.kchaos.cluster;

/**
 * The metadata quorum a cluster runs: {@code controllers} dedicated controller nodes beside the brokers (0: combined
 * mode, every node a broker and a voter), how the voters are configured, and how many of the controllers are voters
 * at the start. Dedicated controllers get the node ids after the brokers' ({@code nodes + 1} to
 * {@code nodes + controllers}), so an id names one node whatever its role; the first {@code initialVoters} of them
 * are the voters the quorum starts with, the others (a dynamic quorum only) start as observers, to be added.
 *
 * @param controllers   dedicated controllers, 0 for combined mode
 * @param mode          static or dynamic voters
 * @param initialVoters how many controllers the quorum starts with as voters ({@code --initial-voters}); all of them
 *                      unless a dynamic quorum starts smaller
 */
public record QuorumSpec(int controllers, QuorumMode mode, int initialVoters) {
    /** The default: combined mode, static voters. */
    public static final QuorumSpec COMBINED = new QuorumSpec(0, QuorumMode.STATIC);
    /** A dedicated controller's heap: the metadata of a test cluster is small, so 3 brokers and 3 controllers fit 2 cores and a few GB. */
    public static final int CONTROLLER_HEAP_MB = 256;
    private static final String NEEDS_CONTROLLERS = "--initial-voters needs dedicated controllers (--controllers N) in a dynamic quorum (--quorum dynamic)";

    public QuorumSpec {
        if (controllers < 0) throw new IllegalArgumentException("controllers must be >= 0");
        String refused = refusal(controllers, mode, initialVoters);
        if (refused != null) throw new IllegalArgumentException(refused);
    }

    /** Every controller a voter from the start. */
    public QuorumSpec(int controllers, QuorumMode mode) {
        this(controllers, mode, controllers);
    }

    /**
     * The quorum of {@code --controllers}, {@code --quorum} and {@code --initial-voters} ({@code initialVoters} null when
     * not given: every controller); IllegalArgumentException (one line) for a start Kafka cannot make.
     */
    public static QuorumSpec of(int controllers, QuorumMode mode, Integer initialVoters) {
        if (initialVoters == null) return new QuorumSpec(controllers, mode);
        if (initialVoters < 1) throw new IllegalArgumentException("--initial-voters must be >= 1");
        if (controllers == 0) throw new IllegalArgumentException(NEEDS_CONTROLLERS);
        return new QuorumSpec(controllers, mode, initialVoters);
    }

    /** Why {@code initialVoters} of {@code controllers} cannot start a quorum of {@code mode} (one line), or null when they can. */
    private static String refusal(int controllers, QuorumMode mode, int initialVoters) {
        if (initialVoters == controllers) return null;
        if (initialVoters < 1) return "--initial-voters must be >= 1";
        if (controllers == 0) return NEEDS_CONTROLLERS;
        if (initialVoters > controllers) {
            return "--initial-voters " + initialVoters + " is more than --controllers " + controllers + ": a voter is a controller";
        }
        if (mode != QuorumMode.DYNAMIC) {
            return "--initial-voters " + initialVoters + " below --controllers " + controllers
                    + " needs --quorum dynamic: a static quorum's voters are every controller, for good";
        }
        return null;
    }

    /** True when the controllers run apart from the brokers. */
    public boolean dedicated() {
        return controllers > 0;
    }

    /** True when some controllers start as observers of the quorum, not voters ({@code --initial-voters} below {@code --controllers}). */
    public boolean startsSmaller() {
        return initialVoters < controllers;
    }

    /** The id of the {@code i}-th controller (from 1) beside {@code brokers} brokers. */
    public static int controllerId(int brokers, int i) {
        return brokers + i;
    }
}
