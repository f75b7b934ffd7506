package io.kchaos.cluster;

import java.util.Map;

/**
 * One KRaft node's addresses as its server.properties names them, whatever the backend: where each listener binds,
 * what each advertises, the inter-broker listener, the controller address the static voters use, and its
 * {@code log.dirs} path as the broker process sees it. Listener maps keep their order; one of them is {@code CONTROLLER}.
 */
public record NodeListeners(int id, Map<String, String> bind, Map<String, String> advertised, String interBroker,
                            String controllerAddress, String logDir) {
}
