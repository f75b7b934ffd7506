package io.kchaos.nemesis.cluster;

import io.kchaos.wire.LiveBrokers;
import io.kchaos.wire.PublishedMetadataOffset;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * {@link NodeReturnView} that asks the started node itself, over its own connection: a node that runs a broker is back
 * once its Metadata answer lists it among the live brokers ({@link LiveBrokers}: its new incarnation registered and
 * unfenced); a dedicated controller once the metadata offset it has published ({@link PublishedMetadataOffset}, the
 * committed entries it applied) holds everything below the high watermark the quorum announced just before its launch
 * (or, when none could be read then, the first one read after), which it can only learn from the quorum's leader.
 */
public final class WireNodeReturns implements NodeReturnView {
    static final int TIMEOUT_MS = 2_000;
    private final ClusterControl cluster;
    private final Map<Integer, String> brokers;
    private final Map<Integer, String> controllers;
    private final QuorumView quorum;
    private final Duration bound;

    /**
     * @param brokers     broker id → {@code host:port} of a listener the harness reaches directly (no proxy)
     * @param controllers voter id → {@code host:port} of its controller listener
     * @param bound       how long a start may take (the harness derives it from Kafka's settings)
     */
    public WireNodeReturns(ClusterControl cluster, Map<Integer, String> brokers, Map<Integer, String> controllers, QuorumView quorum,
            Duration bound) {
        this.cluster = cluster;
        this.brokers = Map.copyOf(brokers);
        this.controllers = Map.copyOf(controllers);
        this.quorum = quorum;
        this.bound = bound;
    }

    @Override
    public Duration bound() {
        return bound;
    }

    @Override
    public Probe beforeStart(int node) {
        Map<Integer, String> addresses = cluster.role(node).broker() ? brokers : controllers;
        String address = addresses.get(node);
        if (address == null) return () -> new Presence(false, "node " + node + ": the backend gives no address to read it back at");
        if (cluster.role(node).broker()) return () -> brokerPresence(node, address);
        return new ControllerProbe(node, address, highWatermark());
    }

    private static Presence brokerPresence(int node, String address) {
        try {
            Set<Integer> live = LiveBrokers.read(host(address), port(address), TIMEOUT_MS);
            return new Presence(live.contains(node), "node " + node + " lists the live brokers " + live);
        } catch (Exception e) {
            return new Presence(false, "node " + node + " does not answer: " + e.getMessage());
        }
    }

    private long highWatermark() {
        return quorum.state().map(QuorumState::highWatermark).orElse(-1L);
    }

    /** A dedicated controller's return: the high watermark it must reach is fixed at its launch, or at the first read after. */
    private final class ControllerProbe implements Probe {
        private final int node;
        private final String address;
        private long target;

        ControllerProbe(int node, String address, long target) {
            this.node = node;
            this.address = address;
            this.target = target;
        }

        @Override
        public Presence observe() {
            if (target < 0) target = highWatermark();
            try {
                long published = PublishedMetadataOffset.read(host(address), port(address), TIMEOUT_MS);
                boolean back = target >= 0 && PublishedMetadataOffset.holdsBelow(published, target);
                return new Presence(back, "node " + node + " published metadata offset " + published + ", "
                        + (target < 0 ? "no quorum high watermark read yet" : "the quorum's high watermark at its start " + target));
            } catch (Exception e) {
                return new Presence(false, "node " + node + " does not answer: " + e.getMessage());
            }
        }
    }

    private static String host(String address) {
        return address.substring(0, address.lastIndexOf(':'));
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }
}
