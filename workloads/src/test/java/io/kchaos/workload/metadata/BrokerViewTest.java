package io.kchaos.workload.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.MetadataFields;
import io.kchaos.wire.NodeDialer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.DescribeConfigsResponseData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.DescribeConfigsRequest;
import org.apache.kafka.common.requests.DescribeConfigsResponse;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.MetadataResponse;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A broker's view is asked of that broker alone through the dialer it is given (the run's login on a secured cluster),
 * its Metadata at v12 for every topic, then DescribeConfigs for the workload's topics.
 */
class BrokerViewTest {
    private static final Uuid ID = Uuid.randomUuid();

    /** A dialer that records whom it was asked to reach and answers as one broker would. */
    private static final class FakeBroker implements NodeDialer {
        final List<String> asked = new ArrayList<>();

        @Override
        public AbstractResponse send(int nodeId, String host, int port, AbstractRequest.Builder<?> builder, short version, int timeoutMs) {
            asked.add(nodeId + "@" + host + ":" + port + " " + builder.apiKey().name + " v" + version);
            if (builder instanceof MetadataRequest.Builder m) {
                assertTrue(m.isAllTopics(), "every topic is asked for");
                assertEquals(version, builder.oldestAllowedVersion());
                assertEquals(version, builder.latestAllowedVersion(), "pinned: a logged-in dialer sends the builder's latest version");
                MetadataResponseData d = new MetadataResponseData();
                d.topics().add(topic("t-md-0-1", 3));
                d.topics().add(topic("other", 1));
                return new MetadataResponse(d, version);
            }
            if (builder instanceof DescribeConfigsRequest.Builder) {
                DescribeConfigsResponseData d = new DescribeConfigsResponseData();
                d.results().add(new DescribeConfigsResponseData.DescribeConfigsResult().setResourceName("t-md-0-1")
                        .setConfigs(List.of(new DescribeConfigsResponseData.DescribeConfigsResourceResult().setName(AdminWorker.CONFIG_KEY)
                                .setValue("60000").setConfigSource(DescribeConfigsResponse.ConfigSource.TOPIC_CONFIG.id()))));
                return new DescribeConfigsResponse(d);
            }
            throw new AssertionError("unexpected " + builder.apiKey());
        }

        private static MetadataResponseData.MetadataResponseTopic topic(String name, int partitions) {
            MetadataResponseData.MetadataResponseTopic t = new MetadataResponseData.MetadataResponseTopic().setName(name).setTopicId(ID);
            for (int p = 0; p < partitions; p++) t.partitions().add(new MetadataResponseData.MetadataResponsePartition().setPartitionIndex(p));
            return t;
        }
    }

    @Test
    void theBrokerIsAskedAloneThroughTheDialerItIsGiven() throws Exception {
        FakeBroker broker = new FakeBroker();
        ObjectNode topics = BrokerView.read(broker, 2, "10.0.0.2", 9093, "t-md");
        assertEquals(List.of("2@10.0.0.2:9093 Metadata v12", "2@10.0.0.2:9093 DescribeConfigs v4"), broker.asked);
        ObjectNode t = (ObjectNode) topics.get("t-md-0-1");
        assertEquals(ID.toString(), t.get(MetadataFields.ID).asText());
        assertEquals(3, t.get(MetadataFields.PARTITIONS).asInt());
        assertEquals("60000", t.get(MetadataFields.CONFIGS).get(AdminWorker.CONFIG_KEY).asText());
        assertNull(topics.get("other"), "only the workload's topics");
    }
}
