package io.kchaos.workload.acl;

import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.FetchResponseData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.SimpleRecord;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.FetchRequest;
import org.apache.kafka.common.requests.FetchResponse;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.ProduceResponse;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The request of one probe and the error its answer carries: for {@code WRITE} a Produce (version
 * {@value #PRODUCE_VERSION}, one tiny record, acks=1), for {@code READ} a consumer's Fetch (version {@value
 * #FETCH_VERSION}, replica id -1, from offset 0, no wait), both of partition {@value #PARTITION} by topic name: the
 * newest versions that name topics rather than ids, which every release kchaos runs (3.7 and later) serves.
 */
final class ProbeRequests {
    static final short PRODUCE_VERSION = 9;
    static final short FETCH_VERSION = 12;
    static final int PARTITION = 0;
    private static final short ACKS = 1;
    private static final int TIMEOUT_MS = 5_000;
    private static final int FETCH_MAX_BYTES = 1024;

    private ProbeRequests() {
    }

    /** The probe request of {@code right} on {@code topic}. */
    static AbstractRequest.Builder<?> of(ProbedRight right, String topic) {
        return switch (right) {
            case WRITE -> produce(topic);
            case READ -> fetch(topic);
        };
    }

    private static ProduceRequest.Builder produce(String topic) {
        MemoryRecords records = MemoryRecords.withRecords(Compression.NONE,
                new SimpleRecord(System.currentTimeMillis(), null, "kchaos-acl-probe".getBytes(StandardCharsets.UTF_8)));
        ProduceRequestData.TopicProduceDataCollection topics = new ProduceRequestData.TopicProduceDataCollection();
        topics.add(new ProduceRequestData.TopicProduceData().setName(topic).setPartitionData(List.of(
                new ProduceRequestData.PartitionProduceData().setIndex(PARTITION).setRecords(records))));
        return new ProduceRequest.Builder(PRODUCE_VERSION, PRODUCE_VERSION, new ProduceRequestData().setAcks(ACKS)
                .setTimeoutMs(TIMEOUT_MS).setTopicData(topics));
    }

    private static FetchRequest.Builder fetch(String topic) {
        FetchRequest.PartitionData from = new FetchRequest.PartitionData(Uuid.ZERO_UUID, 0, -1, FETCH_MAX_BYTES, Optional.empty());
        return FetchRequest.Builder.forConsumer(FETCH_VERSION, 0, 0, Map.of(new TopicPartition(topic, PARTITION), from))
                .setMaxBytes(FETCH_MAX_BYTES);
    }

    /** The error of the probed partition in {@code response} (a whole-request error first); UNKNOWN_SERVER_ERROR when it names none. */
    static Errors error(AbstractResponse response) {
        if (response instanceof ProduceResponse p) {
            for (ProduceResponseData.TopicProduceResponse t : p.data().responses()) {
                for (ProduceResponseData.PartitionProduceResponse r : t.partitionResponses()) {
                    if (r.index() == PARTITION) return Errors.forCode(r.errorCode());
                }
            }
        } else if (response instanceof FetchResponse f) {
            if (f.data().errorCode() != Errors.NONE.code()) return Errors.forCode(f.data().errorCode());
            for (FetchResponseData.FetchableTopicResponse t : f.data().responses()) {
                for (FetchResponseData.PartitionData r : t.partitions()) {
                    if (r.partitionIndex() == PARTITION) return Errors.forCode(r.errorCode());
                }
            }
        }
        return Errors.UNKNOWN_SERVER_ERROR;
    }
}
