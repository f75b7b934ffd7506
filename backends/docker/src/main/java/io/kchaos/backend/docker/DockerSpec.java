package io.kchaos.backend.docker;

import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.security.SecurityMode;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What container cluster to start: broker count, the Kafka image (any image with Kafka under {@code /opt/kafka}),
 * resolved broker settings, broker heap, how long to wait for readiness, the Toxiproxy image when proxies are
 * wanted (empty: clients and followers reach the brokers directly), the metadata quorum: combined mode, or
 * dedicated controllers (static voters) in containers of their own, and the security of every listener.
 */
public record DockerSpec(int nodes, String kafkaImage, Map<String, String> brokerSettings, int heapMb, Duration startTimeout,
                         Optional<String> toxiproxyImage, QuorumSpec quorum, int controllerHeapMb, SecurityMode security) {
    /** Every listener PLAINTEXT. */
    public DockerSpec(int nodes, String kafkaImage, Map<String, String> brokerSettings, int heapMb, Duration startTimeout,
                      Optional<String> toxiproxyImage, QuorumSpec quorum, int controllerHeapMb) {
        this(nodes, kafkaImage, brokerSettings, heapMb, startTimeout, toxiproxyImage, quorum, controllerHeapMb, SecurityMode.PLAINTEXT);
    }

    /** Combined mode: every node a broker and a voter. */
    public DockerSpec(int nodes, String kafkaImage, Map<String, String> brokerSettings, int heapMb, Duration startTimeout,
                      Optional<String> toxiproxyImage) {
        this(nodes, kafkaImage, brokerSettings, heapMb, startTimeout, toxiproxyImage, QuorumSpec.COMBINED, heapMb);
    }

    /** The official image the Docker backend uses unless {@code --kafka-image} says otherwise. */
    public static String officialImage(String kafkaVersion) {
        return "apache/kafka:" + kafkaVersion;
    }

    /** The Toxiproxy image used when proxy faults are asked for. */
    public static final String DEFAULT_TOXIPROXY_IMAGE = "ghcr.io/shopify/toxiproxy:2.5.0";
}
