package io.kchaos.workload.acl;

import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.FetchRequest;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.ProduceResponse;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The probes name the topic (versions before topic ids) and read the probed partition's error back. */
class ProbeRequestsTest {
    @Test
    void theRequestsAreBuiltAtTheirFixedVersions() {
        ProduceRequest p = (ProduceRequest) ProbeRequests.of(ProbedRight.WRITE, "t").build(ProbeRequests.PRODUCE_VERSION);
        assertEquals(1, p.acks());
        assertEquals("t", p.data().topicData().iterator().next().name());
        assertEquals(ProbeRequests.PRODUCE_VERSION, ProbeRequests.of(ProbedRight.WRITE, "t").latestAllowedVersion());
        FetchRequest f = (FetchRequest) ProbeRequests.of(ProbedRight.READ, "t").build(ProbeRequests.FETCH_VERSION);
        assertEquals(-1, f.replicaId());
        assertEquals("t", f.data().topics().get(0).topic());
        assertEquals(ProbeRequests.FETCH_VERSION, ProbeRequests.of(ProbedRight.READ, "t").latestAllowedVersion());
    }

    @Test
    void thePartitionsErrorIsRead() {
        ProduceResponseData.TopicProduceResponseCollection topics = new ProduceResponseData.TopicProduceResponseCollection();
        topics.add(new ProduceResponseData.TopicProduceResponse().setName("t").setPartitionResponses(List.of(
                new ProduceResponseData.PartitionProduceResponse().setIndex(0).setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code()))));
        assertEquals(Errors.TOPIC_AUTHORIZATION_FAILED, ProbeRequests.error(new ProduceResponse(new ProduceResponseData().setResponses(topics))));
    }
}
