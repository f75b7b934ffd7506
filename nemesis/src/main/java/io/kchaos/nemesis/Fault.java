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
}
