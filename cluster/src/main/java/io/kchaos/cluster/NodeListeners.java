package io.kchaos.cluster;

import java.util.List;
import java.util.Map;

/**
 * One KRaft node's addresses as its server.properties names them, whatever the backend: where each listener binds,
 * what each advertises, the inter-broker listener, the controller address the static voters use, and its
 * {@code log.dirs} paths as the broker process sees them (one per data directory, in order; Kafka keeps the
 * metadata log in the first unless {@code metadata.log.dir} says otherwise). Listener maps keep their order; one of them is {@code CONTROLLER}.
 */
public record NodeListeners(int id, Map<String, String> bind, Map<String, String> advertised, String interBroker,
                            String controllerAddress, List<String> logDirs) {
    public NodeListeners {
        if (logDirs.isEmpty()) throw new IllegalArgumentException("node " + id + " has no log dir");
        logDirs = List.copyOf(logDirs);
    }
}
