package io.kchaos.workload.common;

import io.kchaos.workload.ClientKind;
import io.kchaos.workload.SendClient;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.WorkloadStats;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;

/**
 * The plain producers of a run (the queue workload's, and the group workload's feed): one {@link ProducerWorker} per
 * producer, each with its own acks=all idempotent producer of the run's {@link ClientKind}, recording {@code send} ops. Stopping
 * guarantees every invoked send one completion: it waits for the callbacks (at most the delivery timeout plus a grace
 * period) and completes the rest as info "no completion before stop".
 */
public final class ProducerFleet {
    private static final long STOP_GRACE_MILLIS = 10_000;
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final List<ProducerWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final SendRecorder recorder;
    private final TopicFollower follower;
    private final long deliveryTimeoutMillis;
    private final long maxBlockMillis;

    /** Creates the producers (bad settings fail here, with a one-line reason); {@link #start} starts them. */
    public ProducerFleet(WorkloadContext ctx, TopicLayout layout, ProcessIds ids, WorkloadStats stats, int inFlightPerPartition) {
        this(ctx, layout, ids, stats, inFlightPerPartition, p -> true, 0);
    }

    /**
     * The same, sending nothing to the history partitions that are not {@code writable} (they stay idle), each value
     * padded to {@code valueBytes} ({@link io.kchaos.history.ValuePadding}; 0: the plain decimal).
     */
    public ProducerFleet(WorkloadContext ctx, TopicLayout layout, ProcessIds ids, WorkloadStats stats, int inFlightPerPartition,
                         IntPredicate writable, int valueBytes) {
        Map<String, Object> probe = ClientConfigs.producer(ctx.bootstrapServers().get(), "probe", ctx.producerConfig());
        deliveryTimeoutMillis = ClientConfigs.intSetting(probe, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                ClientConfigs.DELIVERY_TIMEOUT_MS);
        maxBlockMillis = ClientConfigs.intSetting(probe, ProducerConfig.MAX_BLOCK_MS_CONFIG, ClientConfigs.MAX_BLOCK_MS);
        boolean singleAttempt = ClientConfigs.intSetting(probe, ProducerConfig.RETRIES_CONFIG, 1) == 0;
        recorder = new SendRecorder(ctx.history(), stats, new SendErrorClassifier(singleAttempt), layout);
        SendPacer pacer = new SendPacer(ctx.ratePerSecond());
        AtomicLong values = new AtomicLong();
        follower = new TopicFollower(ctx, layout);
        try {
            for (int i = 0; i < ctx.producers(); i++) {
                String clientId = "kchaos-producer-" + i;
                SendClient producer = ctx.client().sender(ctx, clientId);
                ProducerWorker w = new ProducerWorker(layout, producer, recorder, pacer, ids, values,
                        ctx.seed() * 1_000_003L + i, inFlightPerPartition, follower::count, writable, valueBytes);
                workers.add(w);
                threads.add(Clients.daemon(w, clientId));
            }
        } catch (RuntimeException e) {
            workers.forEach(w -> w.close(Duration.ZERO));
            follower.close();
            throw e;
        }
    }

    public void start() {
        follower.start();
        threads.forEach(Thread::start);
    }

    /** Stops sending, waits for every in-flight send's completion (or completes it as info), closes the producers. */
    public void stop() throws InterruptedException {
        workers.forEach(ProducerWorker::stopSending);
        follower.close();
        for (Thread t : threads) {
            t.join(maxBlockMillis + 2_000);
            if (t.isAlive()) {
                t.interrupt();
                t.join(2_000);
            }
        }
        if (!recorder.awaitNoneInFlight(deliveryTimeoutMillis + STOP_GRACE_MILLIS)) {
            int n = recorder.abandonInFlight();
            System.err.println("warning: " + n + " sends had no completion before stop; recorded as info");
        }
        List<Runnable> closers = new ArrayList<>();
        for (ProducerWorker w : workers) closers.add(() -> w.close(CLOSE_TIMEOUT));
        Clients.closeInParallel(closers, CLOSE_TIMEOUT.toMillis(), "producer");
    }

    /** Closes the producers at once, for a start that failed half way. */
    public void abort() {
        follower.close();
        workers.forEach(w -> w.close(Duration.ZERO));
    }
}
