package io.kchaos.checker.txn.graph;

/**
 * Why one committed transaction must precede another in the dependency graph (Adya's and Elle's edge kinds): ww, wr and
 * rw from the partitions' offset order and the polls, process and realtime from when the transactions ran.
 */
public enum EdgeKind {
    /** The source wrote a partition's committed record, the target the next committed record after it. */
    WW("ww"),
    /** The target's poll returned a record the source wrote. */
    WR("wr"),
    /** The source's poll saw a partition up to an offset, the target wrote the next committed record after it. */
    RW("rw"),
    /** Both ran in one process, the source first. */
    PROCESS("process"),
    /** The source completed before the target was invoked. */
    REALTIME("realtime");

    private final String wire;

    EdgeKind(String wire) {
        this.wire = wire;
    }

    /** The kind's name in results.json. */
    public String wire() {
        return wire;
    }

    /** This kind's bit in a mask of kinds. */
    int bit() {
        return 1 << ordinal();
    }
}
