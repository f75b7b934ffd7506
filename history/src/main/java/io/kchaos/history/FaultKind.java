package io.kchaos.history;

/**
 * What a fault op does to the cluster, declared with each op in {@link NemesisOps}: the report colours and groups fault
 * windows by it, so a reader needs no list of op names.
 */
public enum FaultKind {
    /** A broker process taken down (SIGKILL, or a clean stop); a start ends it. */
    CRASH,
    /** A broker process frozen (SIGSTOP); a resume ends it. */
    PAUSE,
    /** A node's data: power lost with the unsynced bytes, a replaced, full or corrupted disk. */
    STORAGE,
    /** Links cut: an iptables partition, a Toxiproxy isolation. */
    PARTITION,
    /** Links degraded: packets delayed, dropped or corrupted (netem, iptables). */
    LINK,
    /** A Toxiproxy toxic on a node's connections. */
    TOXIC,
    /** A rule of the kchaos proxy, on single Kafka requests or on every byte of a node's client connections. */
    PROXY,
    /** A step of a rolling upgrade (written by the harness, not a nemesis). */
    UPGRADE,
    /**
     * A planned operation an operator runs through the Admin API (a reassignment, a leader election, new partitions, a
     * live config change); a one-off's window is the op itself, from the request to the moment its effect was read back.
     */
    OPERATION
}
