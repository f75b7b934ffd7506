package io.kchaos.nemesis.cluster;

import io.kchaos.history.ImageOffsets;
import io.kchaos.wire.HostPort;
import io.kchaos.wire.LiveBrokers;
import io.kchaos.wire.NodeDialer;
import io.kchaos.wire.PublishedMetadataOffset;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@link NodeReturnView} that reads a started node back: a node that runs a broker is back once its own Metadata
 * answer, over its own connection, lists it among the live brokers ({@link LiveBrokers}: its new incarnation
 * registered and unfenced); a dedicated controller once the quorum's leader reports its log end offset at or past the
 * high watermark announced just before its launch (or, when none could be read then, the first one read after).
 */
public final class WireNodeReturns implements NodeReturnView {
    static final int TIMEOUT_MS = 2_000;
    private final ClusterControl cluster;
    private final Map<Integer, String> brokers;
    private final QuorumView quorum;
    private final Duration bound;
    private final NodeDialer dialer;

    /**
     * @param brokers     broker id → {@code host:port} of a listener the harness reaches directly (no proxy)
     * @param bound       how long a start may take (the harness derives it from Kafka's settings)
     */
    public WireNodeReturns(ClusterControl cluster, Map<Integer, String> brokers, QuorumView quorum,
            Duration bound) {
        this(cluster, brokers, quorum, bound, Map.of());
    }

    /**
     * The same, asking the brokers logged in with {@code clientSecurity} (the run's client security settings; empty on
     * a PLAINTEXT cluster: plain sockets, {@link NodeDialer}).
     */
    public WireNodeReturns(ClusterControl cluster, Map<Integer, String> brokers, QuorumView quorum,
            Duration bound, Map<String, String> clientSecurity) {
        this.dialer = NodeDialer.of(clientSecurity);
        this.cluster = cluster;
        this.brokers = Map.copyOf(brokers);
        this.quorum = quorum;
        this.bound = bound;
    }

    @Override
    public Duration bound() {
        return bound;
    }

    @Override
    public Probe beforeStart(int node) {
        String address = brokers.get(node);
        if (!cluster.role(node).broker()) return new CatchUpProbe(node, highWatermark());
        if (address == null) return noAddress(node);
        return () -> brokerPresence(dialer, node, address);
    }

    /**
     * A node cut off from the quorum's leader is back once it has caught up with the high watermark read now: a
     * controller once the leader reports its log end offset there; a broker once the metadata image it has published
     * (its ApiVersions answer, {@link PublishedMetadataOffset}) holds every offset below it, and then its own Metadata
     * answer lists it live: that image holds any fencing written while it was cut off, so listing itself means the
     * fencing was undone. (Its fetch offset at the leader is not enough: a broker appends before it publishes, and its
     * answer until it publishes is the stale image it had when cut off.)
     */
    @Override
    public Probe beforeReconnect(int node) {
        long target = highWatermark();
        if (!cluster.role(node).broker()) return new CatchUpProbe(node, target);
        String address = brokers.get(node);
        if (address == null) return noAddress(node);
        return new PublishedProbe(dialer, node, address, target);
    }

    private static Probe noAddress(int node) {
        return () -> new Presence(false, "node " + node + ": the backend gives no address to read it back at");
    }

    private static Presence brokerPresence(NodeDialer dialer, int node, String address) {
        try {
            HostPort a = HostPort.parse(address);
            Set<Integer> live = LiveBrokers.read(dialer, node, a.host(), a.port(), TIMEOUT_MS);
            return new Presence(live.contains(node), "node " + node + " lists the live brokers " + live);
        } catch (Exception e) {
            return new Presence(false, "node " + node + " does not answer: " + e.getMessage());
        }
    }

    private long highWatermark() {
        return quorum.state().map(QuorumState::highWatermark).orElse(-1L);
    }

    /**
     * A dedicated controller's return (or a cut-off node's catching up): the quorum's leader must report its log end
     * offset at or past the high watermark read at its launch (or at the first one read after, when the quorum had none then). The leader learns
     * a replica's offset only from that replica's fetches, and the high watermark moved on while it was down (the
     * leader appends a no-op record every half second), so an offset from before the stop cannot pass for it. (A
     * controller's own ApiVersions answer cannot say it: its finalized-features epoch moves only when the features do.)
     */
    private final class CatchUpProbe implements Probe {
        private final int node;
        private long target;

        CatchUpProbe(int node, long target) {
            this.node = node;
            this.target = target;
        }

        @Override
        public Presence observe() {
            Optional<QuorumState> q = quorum.state();
            if (q.isEmpty()) return new Presence(false, "node " + node + ": the quorum does not answer");
            if (target < 0) target = q.get().highWatermark();
            Long end = q.get().voterEnds().getOrDefault(node, q.get().observerEnds().get(node));
            boolean back = target >= 0 && end != null && end >= target;
            return new Presence(back, "the quorum's leader " + q.get().leader() + " reports node " + node + "'s log end offset "
                    + (end == null ? "(none: not fetching)" : end) + ", "
                    + (target < 0 ? "no high watermark read yet" : "the high watermark at its start " + target));
        }
    }

    /** A broker's return after a cut: its published image at the high watermark read before the heal, then itself live. */
    private final class PublishedProbe implements Probe {
        private final NodeDialer dialer;
        private final int node;
        private final String address;
        private long target;

        PublishedProbe(NodeDialer dialer, int node, String address, long target) {
            this.dialer = dialer;
            this.node = node;
            this.address = address;
            this.target = target;
        }

        @Override
        public Presence observe() {
            if (target < 0) target = highWatermark();
            if (target < 0) return new Presence(false, "node " + node + ": no high watermark read yet");
            try {
                HostPort a = HostPort.parse(address);
                long published = PublishedMetadataOffset.read(dialer, node, a.host(), a.port(), TIMEOUT_MS);
                if (!ImageOffsets.holdsBelow(published, target)) {
                    return new Presence(false, "node " + node + " has published metadata up to offset " + published
                            + ", the high watermark at the heal " + target);
                }
            } catch (Exception e) {
                return new Presence(false, "node " + node + " does not answer: " + e.getMessage());
            }
            return brokerPresence(dialer, node, address);
        }
    }
}
