package io.kchaos.workload.rdkafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.workload.ReadRecord;
import io.kchaos.workload.SendClient;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.protocol.Errors;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Decodes the driver's responses into what the workload records: a delivery report into {@link RecordMetadata} or a
 * Kafka exception, polled records into {@link ReadRecord}s. librdkafka passes a broker's error code through (the
 * same number as Kafka's protocol error), so it becomes the Java client's exception for that code, and the send
 * classifier judges both clients alike; librdkafka's own (negative) codes become a plain {@link KafkaException}.
 */
final class DriverReplies {
    private DriverReplies() {
    }

    /** The exception an error response stands for. */
    static KafkaException error(JsonNode reply) {
        int code = reply.path("code").asInt(-1);
        String text = reply.path("error").asText("?");
        if (code > 0) {
            Errors e = Errors.forCode((short) code);
            if (e != Errors.UNKNOWN_SERVER_ERROR || code == Errors.UNKNOWN_SERVER_ERROR.code()) return e.exception(text);
        }
        return new KafkaException("librdkafka " + reply.path("name").asText("error") + ": " + text);
    }

    /** The acknowledged position of a delivery report; a negative offset (acks=0) becomes "no offset". */
    static RecordMetadata metadata(String topic, JsonNode reply) {
        return SendClient.acknowledged(topic, reply.path("partition").asInt(), reply.path("offset").asLong(-1));
    }

    /** The records of a poll response, in the driver's order. */
    static List<ReadRecord> records(JsonNode reply) {
        List<ReadRecord> out = new ArrayList<>();
        for (JsonNode r : reply.path("records")) {
            out.add(new ReadRecord(r.path("partition").asInt(), r.path("offset").asLong(), text(r.get("key")), text(r.get("value"))));
        }
        return out;
    }

    /** The {@code mark} ("low": log start, "high": end) offsets of a {@code watermarks} response, by partition. */
    static Map<TopicPartition, Long> watermarks(String topic, JsonNode reply, String mark) {
        Map<TopicPartition, Long> out = new TreeMap<>((a, b) -> Integer.compare(a.partition(), b.partition()));
        reply.path(mark).properties().forEach(e -> out.put(new TopicPartition(topic, Integer.parseInt(e.getKey())), e.getValue().asLong()));
        return out;
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }
}
