package io.kchaos.workload.common;

import io.kchaos.workload.TxnClient;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.ProducerIdAndEpoch;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The reflective read of a KafkaProducer's producer id and epoch, against the kafka-clients release kchaos builds with. */
class ProducerEpochProbeTest {
    private static KafkaProducer<String, String> unconnected() {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:1",
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, "kchaos-txn-probe"), new StringSerializer(), new StringSerializer());
    }

    @Test
    void readsTheTransactionManagersIdAndEpoch() throws Exception {
        try (KafkaProducer<String, String> p = unconnected()) {
            assertEquals(Optional.empty(), ProducerEpochProbe.read(p), "no id before initTransactions");
            Field manager = KafkaProducer.class.getDeclaredField("transactionManager");
            manager.setAccessible(true);
            Object tm = manager.get(p);
            Field idAndEpoch = tm.getClass().getDeclaredField("producerIdAndEpoch");
            idAndEpoch.setAccessible(true);
            idAndEpoch.set(tm, new ProducerIdAndEpoch(4711L, (short) 32766));

            assertEquals(Optional.of(new TxnClient.ProducerIdAndEpoch(4711L, 32766)), new JavaTxnClient(p).producerIdAndEpoch());
            p.close(Duration.ZERO);
        }
    }

    @Test
    void anotherProducerIsEmptyNotAnError() {
        assertEquals(Optional.empty(), ProducerEpochProbe.read(new MockProducer<>(true, null, new StringSerializer(), new StringSerializer())));
    }
}
