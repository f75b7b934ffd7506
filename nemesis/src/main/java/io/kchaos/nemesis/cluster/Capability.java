package io.kchaos.nemesis.cluster;

import java.util.Optional;

/**
 * What a cluster backend can do beyond process control, so a run can refuse a fault it cannot inject before it starts:
 * {@link #NETWORK} cuts links and drops packets, {@link #LINK_DELAY} delays them, {@link #TOXIPROXY} acts on the
 * connections through Toxiproxy, {@link #PROTOCOL} on single Kafka requests through the kchaos proxy, {@link #STORAGE}
 * and {@link #DISK_LIMIT} act on the nodes' data directories, {@link #POWER_LOSS} drops unsynced file data,
 * {@link #DEDICATED_CONTROLLERS} runs the metadata quorum apart from the brokers, {@link #DYNAMIC_QUORUM} lets its
 * voters change, {@link #OBSERVING_CONTROLLERS} starts it with fewer voters than controllers, {@link #JBOD} gives each broker several data directories, {@link #REMOTE_TIER} reaches the tiered-storage
 * bucket. Each says
 * what a run needs for it (a backend, root), from which the catalogue's "needs" column is made.
 */
public enum Capability {
    /** Partitions and packet loss (each node its own host, iptables). */
    NETWORK(null, true, "network faults need each node in its own network namespace"),
    /** Link latency with jitter (netem, or a packet-delaying queue where the kernel has no netem). */
    LINK_DELAY(null, true, "link delay needs netem or a packet-delay queue"),
    /** Toxics and isolation on Toxiproxy's proxies in front of the brokers' listeners (the Docker backend). */
    TOXIPROXY("docker", false, "Toxiproxy faults need Toxiproxy in front of the brokers (--backend docker)"),
    /** Wiping, filling and corrupting a node's data directory (the harness reaches the nodes' files: the local backend). */
    STORAGE("local", false, "storage faults need the nodes' data directories on this machine (--backend local)"),
    /** A size-limited file system under each node's data directory (tmpfs with a size: root). */
    DISK_LIMIT(null, true, "disk-full needs root, to mount a size-limited file system under each node's data directory"),
    /** Faults inside Kafka's protocol: the clients reach the brokers through the kchaos proxy (a Kroxylicious JVM). */
    PROTOCOL(null, false, "protocol faults need the kchaos proxy in front of the brokers (it runs next to the harness on every backend)"),
    /** Power loss: kill a node and drop every byte it never synced (the local backend's sync-tracking agent). */
    POWER_LOSS("local", false, "power loss needs the local backend's sync tracking (--backend local)"),
    /** Dedicated KRaft controllers beside the brokers ({@code --controllers N}, the local backend). */
    DEDICATED_CONTROLLERS("local", false, "it needs dedicated controllers (--controllers N): in combined mode the other voters are the brokers"),
    /** A KIP-853 dynamic quorum, whose voters can be removed and added ({@code --quorum dynamic}, Kafka 3.9+). */
    DYNAMIC_QUORUM("local", false, "it needs a dynamic quorum (--quorum dynamic, Kafka 3.9+): a static quorum's voters cannot change"),
    /** Controllers a dynamic quorum starts without, observing it until added ({@code --initial-voters K} below {@code --controllers N}). */
    OBSERVING_CONTROLLERS("local", false, "it needs controllers the quorum starts without, to add: give --initial-voters K below --controllers N "
            + "(with --quorum dynamic)"),
    /** Brokers with two or more data directories ({@code --log-dirs N}, KRaft JBOD, the local backend). */
    JBOD("local", false, "it needs brokers with two or more data directories (--log-dirs 2 or more)"),
    /** The tiered-storage bucket every broker shares, on this machine ({@code --tiered}, the local backend). */
    REMOTE_TIER("local", false, "remote-tier faults need a tiered run's bucket (--tiered)");

    private final String backend;
    private final boolean root;
    private final String need;

    Capability(String backend, boolean root, String need) {
        this.backend = backend;
        this.root = root;
        this.need = need;
    }

    /** The one {@code --backend} that has it, if only one does. */
    public Optional<String> backend() {
        return Optional.ofNullable(backend);
    }

    /** True when it needs root (network namespaces, iptables, mounts). */
    public boolean root() {
        return root;
    }

    /** One phrase saying what this capability needs, for error messages. */
    public String need() {
        return need;
    }
}
