package io.kchaos.workload.common;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class ClientConfigsTest {
    private static Map<String, Object> producer(Map<String, String> user) {
        return ClientConfigs.producer("localhost:9092", "p", user);
    }

    @Test
    void producerDefaultsAreAcksAllIdempotentBoundedTimeouts() {
        Map<String, Object> c = producer(Map.of());
        assertEquals("all", c.get("acks"));
        assertEquals("true", c.get("enable.idempotence"));
        assertEquals("30000", c.get("delivery.timeout.ms"));
        assertEquals("3000", c.get("request.timeout.ms"));
        assertEquals("5000", c.get("max.block.ms"));
        assertEquals("localhost:9092", c.get("bootstrap.servers"));
    }

    @Test
    void acksOneTurnsIdempotenceOffUnlessTheUserSetIt() {
        assertEquals("false", producer(Map.of("acks", "1")).get("enable.idempotence"));
        assertEquals("false", producer(Map.of("acks", "0")).get("enable.idempotence"));
        assertEquals("true", producer(Map.of("acks", "-1")).get("enable.idempotence"));
        assertEquals("true", producer(Map.of("acks", "1", "enable.idempotence", "true")).get("enable.idempotence"),
                "an explicit setting is the user's; Kafka will reject the combination with a clear message");
    }

    @Test
    void retriesZeroOrManyInFlightTurnIdempotenceOff() {
        assertEquals("false", producer(Map.of("retries", "0")).get("enable.idempotence"));
        assertEquals("false", producer(Map.of("max.in.flight.requests.per.connection", "6")).get("enable.idempotence"));
        assertEquals("true", producer(Map.of("max.in.flight.requests.per.connection", "5")).get("enable.idempotence"));
    }

    @Test
    void deliveryTimeoutGrowsToCoverALongerRequestTimeout() {
        assertEquals("40005", producer(Map.of("request.timeout.ms", "40000", "linger.ms", "5")).get("delivery.timeout.ms"));
        assertEquals("4000", producer(Map.of("request.timeout.ms", "20000", "delivery.timeout.ms", "4000"))
                .get("delivery.timeout.ms"), "the user's own value is kept");
    }

    @Test
    void consumerHasNoGroupAndNoAutoCommit() {
        Map<String, Object> c = ClientConfigs.consumer("localhost:9092", "c", Map.of("fetch.max.wait.ms", "100"));
        assertFalse(c.containsKey("group.id"));
        assertEquals("false", c.get("enable.auto.commit"));
        assertEquals("100", c.get("fetch.max.wait.ms"));
    }
}
