package io.kchaos.nemesis.cluster;

import io.kchaos.nemesis.cluster.OperationsView.TopicConfig;
import io.kchaos.wire.NodeDialer;
import io.kchaos.wire.TopicConfigsRequest;
import org.apache.kafka.common.message.DescribeConfigsResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.DescribeConfigsResponse;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** A topic config as one broker reports it, asked of that broker alone ({@link TopicConfigsRequest}): its own metadata's view. */
final class NodeConfigRead {
    private static final int TIMEOUT_MS = 5_000;

    private NodeConfigRead() {
    }

    /** The topic's config {@code key} as the broker at host:port reports it; empty when it did not answer or answered an error. */
    static Optional<TopicConfig> topicConfig(NodeDialer dialer, int nodeId, String host, int port, String topic, String key) {
        try {
            for (DescribeConfigsResponseData.DescribeConfigsResult res : TopicConfigsRequest.send(dialer, nodeId, host, port, List.of(topic), key,
                    TIMEOUT_MS)) {
                if (!res.resourceName().equals(topic) || res.errorCode() != Errors.NONE.code()) continue;
                return Optional.of(res.configs().stream().filter(c -> c.name().equals(key)).findFirst()
                        .map(c -> new TopicConfig(c.value(), DescribeConfigsResponse.ConfigSource.forId(c.configSource()) == DescribeConfigsResponse.ConfigSource.TOPIC_CONFIG))
                        .orElse(new TopicConfig(null, false)));
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
