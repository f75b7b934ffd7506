package io.kchaos.nemesis.cluster;

/**
 * What a cluster backend can do beyond process control, so a run can refuse a fault it cannot inject before it starts:
 * {@link #NETWORK} cuts links and drops packets, {@link #LINK_DELAY} delays them, {@link #TOXICS} acts on
 * proxied connections, {@link #PROTOCOL} on single Kafka requests, {@link #STORAGE} and {@link #DISK_LIMIT} act on the nodes' data directories, {@link #POWER_LOSS}
 * drops unsynced file data.
 */
public enum Capability {
    /** Partitions and packet loss (each node its own host, iptables). */
    NETWORK("network faults need each node in its own network namespace"),
    /** Link latency with jitter (netem, or a packet-delaying queue where the kernel has no netem). */
    LINK_DELAY("link delay needs netem or a packet-delay queue"),
    /** Toxics and isolation on proxies in front of the brokers' listeners (Toxiproxy, the Docker backend). */
    TOXICS("proxy faults need Toxiproxy in front of the brokers (--backend docker)"),
    /** Wiping, filling and corrupting a node's data directory (the harness reaches the nodes' files: the local backend). */
    STORAGE("storage faults need the nodes' data directories on this machine (--backend local)"),
    /** A size-limited file system under each node's data directory (tmpfs with a size: root). */
    DISK_LIMIT("disk-full needs root, to mount a size-limited file system under each node's data directory"),
    /** Faults inside Kafka's protocol: the clients reach the brokers through the kchaos proxy (a Kroxylicious JVM). */
    PROTOCOL("protocol faults need the kchaos proxy in front of the brokers (it runs next to the harness on every backend)"),
    /** Power loss: kill a node and drop every byte it never synced (the local backend's sync-tracking agent). */
    POWER_LOSS("power loss needs the local backend's sync tracking (--backend local)");

    private final String need;

    Capability(String need) {
        this.need = need;
    }

    /** One phrase saying what this capability needs, for error messages. */
    public String need() {
        return need;
    }
}
