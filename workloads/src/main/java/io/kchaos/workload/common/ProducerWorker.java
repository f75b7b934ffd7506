package io.kchaos.workload.common;

import io.kchaos.history.OpType;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One producer thread with its own {@link Producer}. It keeps up to {@code inFlight} sends outstanding; each
 * outstanding send belongs to a slot that is one logical process (so a process runs one send at a time), and a slot
 * takes a fresh process id after an info completion. Each record goes to a partition chosen uniformly at random
 * (explicitly, so every partition receives records whatever the keys hash to) with a key {@code k0..k7} chosen at
 * random, and carries the run-unique next value of the shared counter.
 */
final class ProducerWorker implements Runnable {
    static final int KEYS = 8;

    private final String topic;
    private final int partitions;
    private final Producer<String, String> producer;
    private final SendRecorder recorder;
    private final SendPacer pacer;
    private final ProcessIds ids;
    private final AtomicLong values;
    private final Random random;
    private final BlockingQueue<Slot> freeSlots;
    private volatile boolean running = true;

    ProducerWorker(String topic, int partitions, Producer<String, String> producer, SendRecorder recorder,
                   SendPacer pacer, ProcessIds ids, AtomicLong values, long seed, int inFlight) {
        this.topic = topic;
        this.partitions = partitions;
        this.producer = producer;
        this.recorder = recorder;
        this.pacer = pacer;
        this.ids = ids;
        this.values = values;
        this.random = new Random(seed);
        this.freeSlots = new ArrayBlockingQueue<>(inFlight);
        for (int i = 0; i < inFlight; i++) freeSlots.add(new Slot(ids.next()));
    }

    @Override
    public void run() {
        try {
            while (running) {
                Slot slot = freeSlots.poll(100, TimeUnit.MILLISECONDS);
                if (slot == null) continue;
                if (!pacer.awaitTurn(() -> running)) break;
                send(slot);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
        int partition = random.nextInt(partitions);
        String key = "k" + random.nextInt(KEYS);
        long value = values.getAndIncrement();
        PendingSend p = recorder.invoke(slot.process, key, value);
        try {
            producer.send(new ProducerRecord<>(topic, partition, key, Long.toString(value)),
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
        freeSlots.add(slot);
    }

    /** A logical producer process: runs one send at a time. */
    private static final class Slot {
        volatile int process;

        Slot(int process) {
            this.process = process;
        }
    }
}
