package io.kchaos.wire;

import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.message.DescribeConfigsRequestData;
import org.apache.kafka.common.message.DescribeConfigsResponseData;
import org.apache.kafka.common.requests.DescribeConfigsRequest;
import org.apache.kafka.common.requests.DescribeConfigsResponse;

import java.io.IOException;
import java.util.Collection;
import java.util.List;

/**
 * One broker's own answer to DescribeConfigs for some topics and one key, asked of that broker alone
 * ({@link NodeRequest}); version 4, which every release kchaos runs (3.7 and later) serves.
 */
public final class TopicConfigsRequest {
    private static final short VERSION = 4;

    private TopicConfigsRequest() {
    }

    /** The broker's result per topic (each with its error code and the key's entry, if it has one). */
    public static List<DescribeConfigsResponseData.DescribeConfigsResult> send(String host, int port, Collection<String> topics,
                                                                              String key, int timeoutMs) throws IOException {
        return send(NodeDialer.PLAIN, -1, host, port, topics, key, timeoutMs);
    }

    /** The same, asked of node {@code nodeId} through {@code dialer} (a secured listener's login). */
    public static List<DescribeConfigsResponseData.DescribeConfigsResult> send(NodeDialer dialer, int nodeId, String host, int port,
                                                                              Collection<String> topics, String key, int timeoutMs) throws IOException {
        DescribeConfigsRequestData data = new DescribeConfigsRequestData();
        for (String topic : topics) {
            data.resources().add(new DescribeConfigsRequestData.DescribeConfigsResource().setResourceType(ConfigResource.Type.TOPIC.id())
                    .setResourceName(topic).setConfigurationKeys(List.of(key)));
        }
        DescribeConfigsResponse r = (DescribeConfigsResponse) dialer.send(nodeId, host, port, new DescribeConfigsRequest.Builder(data), VERSION, timeoutMs);
        return r.data().results();
    }
}
