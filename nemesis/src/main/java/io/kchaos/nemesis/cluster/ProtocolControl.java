package io.kchaos.nemesis.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.function.Consumer;

/**
 * Faults inside Kafka's protocol, on the proxy the clients reach the brokers through: rules that hold, delay, drop,
 * duplicate or answer single requests with an error, and link rules on the bytes of a node's client connections
 * (latency, bandwidth, slices, reset, black hole). Each action the proxy takes is reported to the listener.
 */
public interface ProtocolControl {
    /** Switches the rule on (replacing one with the same id). */
    void add(ProtocolRule rule);

    /** Switches the rule off; a request it still holds is delivered now. */
    void remove(String id);

    /** Switches every rule off. */
    void clear();

    /** Where the proxy's actions go (one JSON object each: rule, fault, api, correlation, node, client, connection, did). */
    void onAction(Consumer<ObjectNode> listener);
}
