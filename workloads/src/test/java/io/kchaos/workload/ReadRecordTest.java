package io.kchaos.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ValuePadding;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A read record's history form carries the value the producer padded as its number, and anything else verbatim. */
class ReadRecordTest {
    /** A record as a consumer deserializes it from the bytes the producer's serializer wrote. */
    private static ConsumerRecord<String, String> readBack(String value) {
        byte[] bytes = new StringSerializer().serialize("t", value);
        return new ConsumerRecord<>("t", 2, 40, "k3", new StringDeserializer().deserialize("t", bytes));
    }

    @Test
    void aPaddedValueReadFromBytesIsItsNumberInTheHistory() {
        ObjectNode o = ReadRecord.of(readBack(ValuePadding.encode(123_456, 4096))).toJson();

        assertTrue(o.get("value").isIntegralNumber(), o::toString);
        assertEquals(123_456, o.get("value").asLong());
        assertEquals(2, o.get("partition").asInt());
        assertEquals(40, o.get("offset").asLong());
        assertEquals("k3", o.get("key").asText());
    }

    @Test
    void anUnpaddedValueReadsAsBefore() {
        assertEquals(77, ReadRecord.of(readBack("77")).toJson().get("value").asLong());
        assertTrue(ReadRecord.of(readBack("77")).toJson().get("value").isIntegralNumber());
    }

    @Test
    void aValueKchaosDidNotWriteIsKeptVerbatim() {
        assertEquals("77#xxq", ReadRecord.of(readBack("77#xxq")).toJson().get("value").asText());
        assertEquals("hello", ReadRecord.of(readBack("hello")).toJson().get("value").asText());
    }
}
