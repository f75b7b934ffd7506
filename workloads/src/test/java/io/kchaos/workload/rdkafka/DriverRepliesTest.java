package io.kchaos.workload.rdkafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
import io.kchaos.history.ValuePadding;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Decoding the driver's answers: error codes, delivery reports, records. */
class DriverRepliesTest {
    private static JsonNode json(String s) throws Exception {
        return Json.MAPPER.readTree(s);
    }

    @Test
    void brokerCodesBecomeJavaExceptionsAndLocalCodesAPlainKafkaException() throws Exception {
        assertInstanceOf(NotLeaderOrFollowerException.class,
                DriverReplies.error(json("{\"error\":\"Broker: Not leader\",\"code\":6,\"name\":\"NOT_LEADER_FOR_PARTITION\"}")));
        KafkaException local = DriverReplies.error(json("{\"error\":\"Local: Message timed out\",\"code\":-192,\"name\":\"_MSG_TIMED_OUT\"}"));
        assertSame(KafkaException.class, local.getClass());
        assertEquals("librdkafka _MSG_TIMED_OUT: Local: Message timed out", local.getMessage());
        assertSame(KafkaException.class, DriverReplies.error(json("{\"error\":\"new\",\"code\":9999,\"name\":\"X\"}")).getClass(),
                "a code this Kafka does not know is not taken for another error");
    }

    @Test
    void aReportWithoutAnOffsetHasNone() throws Exception {
        assertFalse(DriverReplies.metadata("t", json("{\"partition\":0,\"offset\":-1001}")).hasOffset(), "acks=0: no offset");
        assertEquals(12, DriverReplies.metadata("t", json("{\"partition\":0,\"offset\":12}")).offset());
    }

    @Test
    void aPaddedValueTheDriverReadReachesTheHistoryAsItsNumber() throws Exception {
        JsonNode reply = Json.object().set("records", Json.MAPPER.createArrayNode().add(Json.object().put("partition", 1)
                .put("offset", 9).put("key", "k0").put("value", ValuePadding.encode(31, 4096))));

        JsonNode read = DriverReplies.records(reply).get(0).toJson();

        assertTrue(read.get("value").isIntegralNumber(), read::toString);
        assertEquals(31, read.get("value").asLong());
    }
}
