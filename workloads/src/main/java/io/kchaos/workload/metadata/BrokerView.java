package io.kchaos.workload.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.MetadataFields;
import io.kchaos.wire.NodeDialer;
import io.kchaos.wire.TopicConfigsRequest;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.DescribeConfigsResponseData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.DescribeConfigsResponse;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.MetadataResponse;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one broker serves of the workload's topics, read from that broker alone through the run's {@link NodeDialer} (a
 * plain socket on a PLAINTEXT cluster, logged in with the run's client settings on a secured one): each topic whose
 * name starts with the prefix, its topic id, its partition count and its {@value AdminWorker#CONFIG_KEY} when set on the
 * topic (a value the broker takes from its own default is left out, so a key never set reads as none). Metadata v12 and
 * DescribeConfigs v4, which every release kchaos runs (3.7 and later) serves.
 */
final class BrokerView {
    private static final short METADATA_VERSION = 12;
    private static final int TIMEOUT_MS = 10_000;

    private BrokerView() {
    }

    /** The {@code topics} object of a metadata-read of node {@code nodeId} at host:port: topic name to {"id", "partitions", "configs"}. */
    static ObjectNode read(NodeDialer dialer, int nodeId, String host, int port, String prefix) throws IOException {
        MetadataRequest.Builder all = new MetadataRequest.Builder(null, false, METADATA_VERSION, METADATA_VERSION); // null: every topic
        MetadataResponse metadata = (MetadataResponse) dialer.send(nodeId, host, port, all, METADATA_VERSION, TIMEOUT_MS);
        Map<String, ObjectNode> topics = new TreeMap<>();
        for (MetadataResponseData.MetadataResponseTopic t : metadata.data().topics()) {
            if (t.name() == null || !t.name().startsWith(prefix)) continue;
            if (t.errorCode() != Errors.NONE.code()) {
                throw new IOException("topic " + t.name() + ": " + Errors.forCode(t.errorCode()).name());
            }
            ObjectNode o = Json.object();
            o.put(MetadataFields.ID, t.topicId() == null ? Uuid.ZERO_UUID.toString() : t.topicId().toString());
            o.put(MetadataFields.PARTITIONS, t.partitions().size());
            o.putObject(MetadataFields.CONFIGS);
            topics.put(t.name(), o);
        }
        if (!topics.isEmpty()) configs(dialer, nodeId, host, port, topics);
        ObjectNode out = Json.object();
        topics.forEach(out::set);
        return out;
    }

    private static void configs(NodeDialer dialer, int nodeId, String host, int port, Map<String, ObjectNode> topics) throws IOException {
        for (DescribeConfigsResponseData.DescribeConfigsResult res
                : TopicConfigsRequest.send(dialer, nodeId, host, port, topics.keySet(), AdminWorker.CONFIG_KEY, TIMEOUT_MS)) {
            ObjectNode topic = topics.get(res.resourceName());
            if (topic == null) continue;
            if (res.errorCode() != Errors.NONE.code()) {
                throw new IOException("configs of " + res.resourceName() + ": " + Errors.forCode(res.errorCode()).name());
            }
            ObjectNode configs = (ObjectNode) topic.get(MetadataFields.CONFIGS);
            for (DescribeConfigsResponseData.DescribeConfigsResourceResult c : res.configs()) {
                if (c.configSource() == DescribeConfigsResponse.ConfigSource.TOPIC_CONFIG.id()) configs.put(c.name(), c.value());
            }
        }
    }
}
