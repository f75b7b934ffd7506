package io.kchaos.workload.rdkafka;

import io.kchaos.workload.TxnClient;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The real driver script under the real interpreter (skipped where python3-confluent-kafka is not installed). */
class RealDriverTest {
    @Test
    void theProbeReportsVersionsAndRefusesASettingLibrdkafkaDoesNotKnow() {
        assumeTrue(FakeDriver.realDriverAvailable(), "python3-confluent-kafka is not installed");
        Map<String, String> d = RdkafkaClientKind.probe(RdkafkaClientKind.DEFAULT_PYTHON, Map.of(), Map.of()).describe();
        assertEquals("librdkafka", d.get("kind"));
        assertEquals(true, d.get("librdkafka").matches("\\d+\\.\\d+\\.\\d+.*"), d.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RdkafkaClientKind.probe(RdkafkaClientKind.DEFAULT_PYTHON, Map.of("max.block.ms", "100"), Map.of()));
        assertEquals("librdkafka refuses the run's client settings: librdkafka _INVALID_ARG: No such configuration property: \"max.block.ms\"",
                e.getMessage());
    }

    @Test
    void theProbeOfATxnRunBuildsATransactionalProducerWithTheWorkloadsSettings() {
        assumeTrue(FakeDriver.realDriverAvailable(), "python3-confluent-kafka is not installed");
        Map<String, String> longer = Map.of("delivery.timeout.ms", "30000");
        assertEquals("librdkafka", RdkafkaClientKind.probe(RdkafkaClientKind.DEFAULT_PYTHON, "queue", longer, Map.of()).describe().get("kind"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RdkafkaClientKind.probe(RdkafkaClientKind.DEFAULT_PYTHON, "txn", longer, Map.of()));
        assertEquals("librdkafka refuses the run's client settings: librdkafka _INVALID_ARG: Failed to create producer: "
                + "`message.timeout.ms` must be set <= `transaction.timeout.ms`", e.getMessage());
    }

    @Test
    void anUnknownOpIsAnsweredWithAnErrorAndTheDriverGoesOn() {
        assumeTrue(FakeDriver.realDriverAvailable(), "python3-confluent-kafka is not installed");
        DriverProcess d = DriverProcess.start(RdkafkaClientKind.DEFAULT_PYTHON);
        KafkaException e = assertThrows(KafkaException.class, () -> d.call("nope", io.kchaos.history.Json.object(), java.time.Duration.ofSeconds(10)));
        assertEquals("librdkafka ValueError: unknown op 'nope'", e.getMessage());
        assertEquals("2", d.call("hello", io.kchaos.history.Json.object(), java.time.Duration.ofSeconds(10)).path("librdkafka").asText().substring(0, 1));
        d.close(java.time.Duration.ofSeconds(1));
    }

    @Test
    void aTransactionalProducerWithoutABrokerAnswersInitWithATimeoutAndRefusesAnUnknownSettingAtOnce() {
        assumeTrue(FakeDriver.realDriverAvailable(), "python3-confluent-kafka is not installed");
        RdkafkaClientKind kind = RdkafkaClientKind.probe(RdkafkaClientKind.DEFAULT_PYTHON, Map.of(), Map.of());
        Map<String, String> workload = Map.of("transactional.id", "kchaos-txn-0", "transaction.timeout.ms", "10000",
                "delivery.timeout.ms", "10000", "max.block.ms", "500");
        TxnClient c = kind.transactional("127.0.0.1:1", "t", "kchaos-txn-0", workload, Map.of());
        long t0 = System.nanoTime();
        TimeoutException e = assertThrows(TimeoutException.class, c::initTransactions);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(millis >= 400 && millis < 5_000, "max.block.ms bounds the call: " + millis + " ms");
        assertTrue(e.getMessage().startsWith("librdkafka _TIMED_OUT: "), e.getMessage());
        c.close(Duration.ofSeconds(1));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> kind.transactional("127.0.0.1:1", "t", "kchaos-txn-0", workload, Map.of("no.such.setting", "1")));
        assertEquals("invalid librdkafka producer settings: librdkafka _INVALID_ARG: No such configuration property: \"no.such.setting\"",
                refused.getMessage());
    }

    @Test
    void aFlushIsAnsweredAfterTheDeliveryReportsOfEveryRecordProducedBeforeIt() throws Exception {
        assumeTrue(FakeDriver.realDriverAvailable(), "python3-confluent-kafka is not installed");
        DriverProcess d = DriverProcess.start(RdkafkaClientKind.DEFAULT_PYTHON);
        d.call("producer", io.kchaos.history.Json.object().put("topic", "t").set("config", io.kchaos.history.Json.MAPPER.valueToTree(
                Map.of("bootstrap.servers", "127.0.0.1:1", "delivery.timeout.ms", "300"))), Duration.ofSeconds(10));
        RdkafkaTxnClient c = new RdkafkaTxnClient(d, "t", Duration.ofSeconds(1), Duration.ofSeconds(5));
        List<Future<RecordMetadata>> sends = new ArrayList<>();
        for (int i = 0; i < 20; i++) sends.add(c.send("t", 0, "k", String.valueOf(i)));
        c.flush();
        for (Future<RecordMetadata> f : sends) {
            assertTrue(f.isDone(), "reported before the flush's answer");
            ExecutionException e = assertThrows(ExecutionException.class, f::get);
            assertInstanceOf(TimeoutException.class, e.getCause(), "_MSG_TIMED_OUT, no broker");
        }
        c.close(Duration.ZERO);
    }
}
