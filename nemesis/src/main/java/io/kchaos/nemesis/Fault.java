package io.kchaos.nemesis;

/** An injected fault that knows exactly how to undo itself (Trogdor's fault worker: stop undoes start). */
public interface Fault {
    /** Nothing was injected. */
    Fault NONE = new Fault() {
        @Override
        public String description() {
            return "none";
        }

        @Override
        public void heal() {
        }
    };

    /** Human-readable, e.g. {@code kill node 2}. */
    String description();

    /** Undoes the fault, recording the healing ops. Idempotent. */
    void heal();

    /**
     * False when the fault was begun but what it promised was never read back (e.g. an ISR that never shrank): it still
     * needs its heal, but the run's {@code faults-injected} does not count it.
     */
    default boolean held() {
        return true;
    }

    /** This fault, healed the same way, counted as not held. */
    default Fault notHeld() {
        Fault f = this;
        return new Fault() {
            @Override
            public String description() {
                return f.description() + " (not held)";
            }

            @Override
            public void heal() {
                f.heal();
            }

            @Override
            public boolean held() {
                return false;
            }
        };
    }
}
