package io.kchaos.workload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.ValuePadding;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.util.List;

/**
 * One record as a consumer read it, and its history form {@code {"partition", "offset", "key", "value"}} with the
 * value as the long the producers wrote (its padding dropped, {@link ValuePadding}), and {@code "topic"} when the
 * history names topics ({@link io.kchaos.workload.common.TopicLayout}).
 *
 * @param topic the topic the history names, or null (one-topic histories name none)
 */
public record ReadRecord(int partition, long offset, String key, String value, String topic) {

    /** A record of a history that names no topic. */
    public ReadRecord(int partition, long offset, String key, String value) {
        this(partition, offset, key, value, null);
    }

    public static ReadRecord of(ConsumerRecord<String, String> r) {
        return new ReadRecord(r.partition(), r.offset(), r.key(), r.value());
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        if (topic != null) o.put("topic", topic);
        o.put("partition", partition);
        o.put("offset", offset);
        o.put("key", key);
        Long v = ValuePadding.decode(value);
        if (v != null) o.put("value", v);
        else o.put("value", value); // not written by kchaos; kept verbatim so the checker can complain
        return o;
    }

    /** The records as a JSON array, in the given order. */
    public static ArrayNode toJson(List<ReadRecord> records) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode(records.size());
        for (ReadRecord r : records) a.add(r.toJson());
        return a;
    }
}
