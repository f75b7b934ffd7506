package io.kchaos.history;

/** The {@code f} names of the workloads' client ops (docs/format.md): the one place the writers and the checkers take them from. */
public final class ClientOps {
    // queue workload (and every workload's sends, reads and final drain)
    public static final String SEND = "send";
    public static final String POLL = "poll";
    public static final String DRAIN = "drain";
    // txn workload
    public static final String TXN = "txn";
    // group workload
    public static final String SUBSCRIBE = "subscribe";
    public static final String COMMIT = "commit";
    public static final String COMMITTED = "committed";
    public static final String CLOSE = "close";
    public static final String CRASH = "crash";
    public static final String RESET = "reset";
    public static final String CATCH_UP = "catch-up";

    private ClientOps() {
    }
}
