package io.kchaos.workload.queue;

import io.kchaos.workload.Workload;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.WorkloadStats;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The {@code queue} workload, after Jepsen's Kafka queue test: producer threads send run-unique longs to random
 * partitions of one topic, consumer threads read every partition from the start, and a final drain reads each
 * partition completely, all recorded as {@code send}, {@code poll} and {@code drain} ops (shared/spec/history.md).
 *
 * <p>A failed send is {@code fail} only when the error proves the record was never appended, otherwise {@code info};
 * the rule is documented on {@link SendErrorClassifier}. Producers default to acks=all with idempotence, a 10 s
 * delivery timeout, a 3 s request timeout, linger 1 ms and max.block 5 s, with the user's producer settings on top
 * (acks=1, retries=0 or more than 5 requests in flight turn idempotence off unless the user set it). Each producer
 * keeps up to {@link #DEFAULT_IN_FLIGHT} sends outstanding, each in its own logical process, and picks each record's
 * partition explicitly and uniformly at random (keys {@code k0..k7} are random too but do not decide the partition).
 * Values start at 0 in every run, so each run needs a topic of its own (an existing topic is reused as it is).
 */
public final class QueueWorkload implements Workload {
    public static final String NAME = "queue";
    public static final int DEFAULT_IN_FLIGHT = 5;
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(120);
    public static final int MAX_RECORDS_PER_DRAIN_OP = 10_000;
    private static final Duration TOPIC_TIMEOUT = Duration.ofSeconds(60);
    private static final long STOP_GRACE_MILLIS = 10_000;
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final WorkloadStats stats = new WorkloadStats();
    private final ProcessIds ids = new ProcessIds();
    private final List<ProducerWorker> producers = new ArrayList<>();
    private final List<ConsumerWorker> consumers = new ArrayList<>();
    private final List<Thread> producerThreads = new ArrayList<>();
    private final List<Thread> consumerThreads = new ArrayList<>();
    private int inFlightPerProducer = DEFAULT_IN_FLIGHT;
    private Duration drainTimeout = DEFAULT_DRAIN_TIMEOUT;
    private WorkloadContext context;
    private List<TopicPartition> partitions;
    private SendRecorder recorder;
    private long deliveryTimeoutMillis;
    private long maxBlockMillis;
    private boolean stopped;

    @Override
    public String name() {
        return NAME;
    }

    /** Sends each producer keeps outstanding (default 5). */
    public QueueWorkload withInFlightPerProducer(int n) {
        if (n < 1) throw new IllegalArgumentException("in-flight sends per producer must be at least 1");
        this.inFlightPerProducer = n;
        return this;
    }

    /** Upper bound on the final drain (default 120 s). */
    public QueueWorkload withDrainTimeout(Duration timeout) {
        this.drainTimeout = timeout;
        return this;
    }

    @Override
    public synchronized void start(WorkloadContext ctx) throws Exception {
        if (context != null) throw new IllegalStateException("queue workload already started");
        context = ctx;
        try (Admin admin = Admin.create(ClientConfigs.admin(ctx.bootstrapServers().get()))) {
            int count = TopicSetup.ensure(admin, ctx.topic(), ctx.partitions(), ctx.replicationFactor(),
                    ctx.topicConfig(), TOPIC_TIMEOUT);
            partitions = List.copyOf(Partitions.of(ctx.topic(), count));
        }
        Map<String, Object> producerConfig = ClientConfigs.producer(ctx.bootstrapServers().get(), "probe",
                ctx.producerConfig());
        deliveryTimeoutMillis = ClientConfigs.intSetting(producerConfig, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                ClientConfigs.DELIVERY_TIMEOUT_MS);
        maxBlockMillis = ClientConfigs.intSetting(producerConfig, ProducerConfig.MAX_BLOCK_MS_CONFIG,
                ClientConfigs.MAX_BLOCK_MS);
        boolean singleAttempt = ClientConfigs.intSetting(producerConfig, ProducerConfig.RETRIES_CONFIG, 1) == 0;
        recorder = new SendRecorder(ctx.history(), stats, new SendErrorClassifier(singleAttempt));
        try {
            createProducers(ctx);
            createConsumers(ctx);
        } catch (RuntimeException e) {
            producers.forEach(w -> w.close(Duration.ZERO));
            throw e;
        }
        producerThreads.forEach(Thread::start);
        consumerThreads.forEach(Thread::start);
    }

    private void createProducers(WorkloadContext ctx) {
        SendPacer pacer = new SendPacer(ctx.ratePerSecond());
        AtomicLong values = new AtomicLong();
        for (int i = 0; i < ctx.producers(); i++) {
            String clientId = "kchaos-producer-" + i;
            KafkaProducer<String, String> producer = construct("producer", () -> new KafkaProducer<>(
                    ClientConfigs.producer(ctx.bootstrapServers().get(), clientId, ctx.producerConfig())));
            ProducerWorker w = new ProducerWorker(ctx.topic(), partitions.size(), producer, recorder, pacer, ids,
                    values, ctx.seed() * 1_000_003L + i, inFlightPerProducer);
            producers.add(w);
            producerThreads.add(daemon(w, clientId));
        }
    }

    private void createConsumers(WorkloadContext ctx) {
        for (int i = 0; i < ctx.consumers(); i++) {
            String clientId = "kchaos-consumer-" + i;
            construct("consumer", consumerFactory(clientId)).close(); // reject bad settings now, not in the thread
            ConsumerWorker w = new ConsumerWorker(consumerFactory(clientId), partitions, ctx.history(), stats, ids);
            consumers.add(w);
            consumerThreads.add(daemon(w, clientId));
        }
    }

    private Supplier<Consumer<String, String>> consumerFactory(String clientId) {
        return () -> new KafkaConsumer<>(ClientConfigs.consumer(context.bootstrapServers().get(), clientId,
                context.consumerConfig()));
    }

    /** Builds a client, turning Kafka's "Failed to construct" wrapper into a one-line reason. */
    private static <T> T construct(String what, Supplier<T> factory) {
        try {
            return factory.get();
        } catch (KafkaException e) {
            Throwable root = e;
            while (root.getCause() != null) root = root.getCause();
            throw new IllegalArgumentException("invalid " + what + " settings: " + root.getMessage());
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, "kchaos-" + name);
        t.setDaemon(true);
        return t;
    }

    /**
     * Stops sending, waits for every in-flight send's callback (at most the delivery timeout plus a grace period;
     * sends still without one complete as info "no completion before stop"), closes the producers, then stops the
     * consumers after their current poll.
     */
    @Override
    public synchronized void stop() throws InterruptedException {
        if (context == null || stopped) return;
        stopped = true;
        producers.forEach(ProducerWorker::stopSending);
        for (Thread t : producerThreads) {
            t.join(maxBlockMillis + 2_000);
            if (t.isAlive()) {
                t.interrupt();
                t.join(2_000);
            }
        }
        if (!recorder.awaitNoneInFlight(deliveryTimeoutMillis + STOP_GRACE_MILLIS)) {
            int n = recorder.abandonInFlight();
            System.err.println("warning: queue: " + n + " sends had no completion before stop; recorded as info");
        }
        closeProducers();
        consumers.forEach(ConsumerWorker::stopPolling);
        for (int i = 0; i < consumerThreads.size(); i++) {
            Thread t = consumerThreads.get(i);
            t.join(CLOSE_TIMEOUT.toMillis());
            if (t.isAlive()) {
                consumers.get(i).wakeup();
                t.join(CLOSE_TIMEOUT.toMillis());
            }
        }
    }

    /** Closes the producers in parallel, each bounded by {@link #CLOSE_TIMEOUT} (an unreachable broker costs it). */
    private void closeProducers() throws InterruptedException {
        List<Thread> closers = new ArrayList<>();
        for (ProducerWorker w : producers) {
            closers.add(daemon(() -> {
                try {
                    w.close(CLOSE_TIMEOUT);
                } catch (RuntimeException e) {
                    System.err.println("warning: queue: closing a producer: " + SendErrorClassifier.describe(e));
                }
            }, "close-producer"));
        }
        closers.forEach(Thread::start);
        for (Thread t : closers) t.join(CLOSE_TIMEOUT.toMillis() + 2_000);
    }

    /**
     * Reads every partition completely with a fresh consumer and records it as drain ops of at most
     * {@value #MAX_RECORDS_PER_DRAIN_OP} records each; see {@link Drainer}.
     */
    @Override
    public void drain() {
        if (context == null) throw new IllegalStateException("queue workload not started");
        new Drainer(consumerFactory("kchaos-drain"), partitions, context.history(), stats, ids.next(), drainTimeout,
                MAX_RECORDS_PER_DRAIN_OP).run();
    }

    @Override
    public WorkloadStats stats() {
        return stats;
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
