package io.kchaos.workload.common;

import io.kchaos.workload.TxnClient;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;

import java.lang.reflect.Field;
import java.util.Optional;

/**
 * Reads the producer id and epoch a built-in {@link KafkaProducer} holds, which it has no public getter for: its
 * transaction manager's {@code producerIdAndEpoch}, by reflection. Where the field layout differs (another
 * kafka-clients release) or anything goes wrong it answers empty, never an error: the workload must not fail over it.
 */
final class ProducerEpochProbe {
    private static final Field MANAGER = field(KafkaProducer.class, "transactionManager");
    private static final Field ID_AND_EPOCH = MANAGER == null ? null : field(MANAGER.getType(), "producerIdAndEpoch");
    private static final Field ID = ID_AND_EPOCH == null ? null : field(ID_AND_EPOCH.getType(), "producerId");
    private static final Field EPOCH = ID_AND_EPOCH == null ? null : field(ID_AND_EPOCH.getType(), "epoch");

    private ProducerEpochProbe() {
    }

    /** The producer's id and epoch; empty for another Producer, a non-transactional one, or before it has an id. */
    static Optional<TxnClient.ProducerIdAndEpoch> read(Producer<?, ?> producer) {
        if (EPOCH == null || ID == null || !(producer instanceof KafkaProducer<?, ?>)) return Optional.empty();
        try {
            Object manager = MANAGER.get(producer);
            Object idAndEpoch = manager == null ? null : ID_AND_EPOCH.get(manager);
            if (idAndEpoch == null) return Optional.empty();
            long id = ((Number) ID.get(idAndEpoch)).longValue();
            int epoch = ((Number) EPOCH.get(idAndEpoch)).intValue();
            return id < 0 || epoch < 0 ? Optional.empty() : Optional.of(new TxnClient.ProducerIdAndEpoch(id, epoch));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Field field(Class<?> type, String name) {
        try {
            Field f = type.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
