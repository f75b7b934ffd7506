package io.kchaos.workload.common;

import io.kchaos.history.OpType;
import io.kchaos.history.ValuePadding;
import io.kchaos.workload.SendClient;
import io.kchaos.workload.common.PartitionSlots.Slot;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;

/**
 * One producer thread with its own {@link SendClient}. It keeps up to {@code inFlightPerPartition} sends outstanding to
 * each partition; each outstanding send belongs to a slot that is one logical process bound to a partition (so a
 * process runs one send at a time), and a slot takes a fresh process id after an info completion. Each record goes to
 * a partition chosen uniformly at random among those with a free slot (explicitly, so every partition receives
 * records whatever the keys hash to, and a partition without a leader does not hold up the others) with a key
 * {@code k0..k7} chosen at random, and carries the run-unique next value of the shared counter (padded to
 * {@code valueBytes}, see {@link ValuePadding}). When the topic gains partitions ({@code partitionCount} grows) the
 * worker adds slots for them and writes to them too. A history partition that is not {@code writable} is left idle.
 */
final class ProducerWorker implements Runnable {
    static final int KEYS = 8;

    private static final long TAKE_TIMEOUT_MILLIS = 100;

    private final SendClient producer;
    private final SendRecorder recorder;
    private final SendPacer pacer;
    private final ProcessIds ids;
    private final AtomicLong values;
    private final Random random;
    private final PartitionSlots slots;
    private final IntSupplier partitionCount;
    private final int valueBytes;
    private TopicLayout layout;
    private volatile boolean running = true;

    ProducerWorker(TopicLayout layout, SendClient producer, SendRecorder recorder,
                   SendPacer pacer, ProcessIds ids, AtomicLong values, long seed, int inFlightPerPartition,
                   IntSupplier partitionCount, IntPredicate writable, int valueBytes) {
        this.partitionCount = partitionCount;
        this.valueBytes = valueBytes;
        this.producer = producer;
        this.recorder = recorder;
        this.pacer = pacer;
        this.ids = ids;
        this.values = values;
        this.random = new Random(seed);
        this.layout = layout;
        this.slots = new PartitionSlots(layout.size(), inFlightPerPartition, ids, writable);
    }

    @Override
    public void run() {
        try {
            while (running) {
                follow();
                Slot slot = slots.take(random, TAKE_TIMEOUT_MILLIS);
                if (slot == null) continue;
                if (!pacer.awaitTurn(() -> running)) break;
                send(slot);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Adds slots for partitions the topic gained since the last look. */
    private void follow() {
        TopicLayout grown = layout.grown(partitionCount.getAsInt());
        if (grown == layout) return;
        layout = grown;
        slots.grow(grown.size());
    }

    /** Asks the thread to send nothing more; sends already invoked still complete. */
    void stopSending() {
        running = false;
    }

    /** Closes the producer, giving outstanding requests at most {@code timeout}. */
    void close(Duration timeout) {
        producer.close(timeout);
    }

    private void send(Slot slot) {
        TopicPartition tp = layout.topicPartition(slot.partition);
        String key = "k" + random.nextInt(KEYS);
        long value = values.getAndIncrement();
        PendingSend p = recorder.invoke(slot.process, key, value, tp.topic());
        try {
            producer.send(tp.topic(), tp.partition(), key, ValuePadding.encode(value, valueBytes),
                    (metadata, error) -> completed(slot, p, metadata, error));
            p.sendReturned();
        } catch (RuntimeException e) {
            completed(slot, p, null, e);
        }
    }

    private void completed(Slot slot, PendingSend p, RecordMetadata metadata, Exception error) {
        OpType type = recorder.complete(p, metadata, error);
        if (type == null) return;
        if (type == OpType.INFO) slot.process = ids.next(); // the old process may still be running its op
        slots.release(slot);
    }
}
