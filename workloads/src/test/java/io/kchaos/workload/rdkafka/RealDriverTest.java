package io.kchaos.workload.rdkafka;

import org.apache.kafka.common.KafkaException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
    void anUnknownOpIsAnsweredWithAnErrorAndTheDriverGoesOn() {
        assumeTrue(FakeDriver.realDriverAvailable(), "python3-confluent-kafka is not installed");
        DriverProcess d = DriverProcess.start(RdkafkaClientKind.DEFAULT_PYTHON);
        KafkaException e = assertThrows(KafkaException.class, () -> d.call("nope", io.kchaos.history.Json.object(), java.time.Duration.ofSeconds(10)));
        assertEquals("librdkafka ValueError: unknown op 'nope'", e.getMessage());
        assertEquals("2", d.call("hello", io.kchaos.history.Json.object(), java.time.Duration.ofSeconds(10)).path("librdkafka").asText().substring(0, 1));
        d.close(java.time.Duration.ofSeconds(1));
    }
}
