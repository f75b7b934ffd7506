package io.kchaos.workload.rdkafka;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The librdkafka settings: the Java client's defaults by name, minus the Java-only ones, the user's passed through. */
class RdkafkaSettingsTest {
    @Test
    void defaultsMatchTheJavaClientsWithoutJavaOnlySettings() {
        Map<String, String> p = RdkafkaSettings.producer("h:1", "kchaos-producer-0", Map.of());
        assertEquals("all", p.get("acks"));
        assertEquals("true", p.get("enable.idempotence"));
        assertEquals("30000", p.get("delivery.timeout.ms"));
        assertFalse(p.containsKey("max.block.ms") || p.containsKey("key.serializer"));
    }

    @Test
    void userSettingsPassThroughAndAcksOneTurnsIdempotenceOffAsForJava() {
        Map<String, String> p = RdkafkaSettings.producer("h:1", "c", Map.of("acks", "1", "max.block.ms", "100"));
        assertEquals("false", p.get("enable.idempotence"));
        assertEquals("100", p.get("max.block.ms"), "kept, so that librdkafka refuses it in one line before the run");
        Map<String, String> c = RdkafkaSettings.consumer("h:1", "kchaos-consumer-0", Map.of(), Map.of());
        assertEquals("kchaos-kchaos-consumer-0", c.get("group.id"));
        assertEquals("read_uncommitted", c.get("isolation.level"));
        assertEquals("false", c.get("enable.auto.commit"));
        assertFalse(c.containsKey("value.deserializer"));
    }

    @Test
    void aTransactionalProducerHasTheWorkloadsSettingsUnderTheUsersAndMaxBlockAsItsCallsTimeout() {
        RdkafkaSettings.Transactional t = RdkafkaSettings.transactional("h:1", "c",
                Map.of("transactional.id", "kchaos-txn-0", "transaction.timeout.ms", "10000", "delivery.timeout.ms", "10000"),
                Map.of("linger.ms", "5", "transaction.timeout.ms", "20000"));
        assertEquals("kchaos-txn-0", t.config().get("transactional.id"));
        assertEquals("20000", t.config().get("transaction.timeout.ms"), "the user's on top");
        assertEquals("10000", t.config().get("delivery.timeout.ms"));
        assertEquals("5", t.config().get("linger.ms"));
        assertFalse(t.config().containsKey("max.block.ms"), "Java-only: librdkafka takes it as the calls' timeout");
        assertEquals(Duration.ofSeconds(5), t.block());
        assertEquals(Duration.ofSeconds(10), t.delivery());
        assertEquals(t.config().get("request.timeout.ms"), t.config().get("socket.timeout.ms"),
                "every request times out as the Java client's would (EndTxn included)");
        assertEquals("9000", RdkafkaSettings.transactional("h:1", "c", Map.of("transactional.id", "x"),
                Map.of("socket.timeout.ms", "9000")).config().get("socket.timeout.ms"), "the user's own wins");
    }
}
