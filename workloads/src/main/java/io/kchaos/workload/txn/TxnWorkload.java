package io.kchaos.workload.txn;

import io.kchaos.history.TxnFields;
import io.kchaos.workload.common.WorkloadOptionSet;
import io.kchaos.workload.common.WorkloadBase;
import io.kchaos.workload.TxnClient;
import io.kchaos.workload.Workload;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ClientConfigs;
import io.kchaos.workload.common.Clients;
import io.kchaos.workload.common.Drainer;
import io.kchaos.workload.common.PollerFleet;
import io.kchaos.workload.common.SendPacer;
import io.kchaos.workload.common.TopicFollower;
import io.kchaos.workload.common.TopicLayout;
import io.kchaos.workload.common.TopicSetup;
import io.kchaos.workload.common.WorkerThreads;
import io.kchaos.workload.queue.QueueWorkload;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The {@code txn} workload, after Jepsen's Kafka transaction test: each producer thread owns a transactional.id and
 * runs transactions of 1–4 sends across partitions (optionally ending with a poll of its own read_committed consumer),
 * or of several rounds of 1–4 sends, each round acknowledged before the next is sent, committed or — with probability {@code abort-rate}, 10 % by default — deliberately aborted, recorded as {@code txn}
 * ops with send and poll micro-ops (docs/history-txn-group.md; outcome rules on {@link TxnAttempt}). read_committed
 * consumers poll every partition during the run; after it, once no transaction is open any more, a read_committed drain
 * reads every partition completely. Options: {@link TxnOptions}. The producers and pollers are the run's client's
 * ({@link io.kchaos.workload.ClientKind}); the admin client and the drain are built in.
 * Transactions time out after 10 s so that one left open by a fault is settled before the drain (unless the user's
 * {@code --producer-config transaction.timeout.ms} says otherwise: {@link #transactionTimeoutMs}).
 */
public final class TxnWorkload extends WorkloadBase {
    public static final String NAME = "txn";
    /** The txn workload's {@code --workload-option}s (declared in {@link TxnOptions}). */
    public static final WorkloadOptionSet OPTIONS = TxnOptions.OPTIONS;
    public static final String TRANSACTIONAL_ID_PREFIX = "kchaos-txn-";
    private static final Map<String, String> READ_COMMITTED = Map.of(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");

    /** The drain reads committed records only, with the drain's own settings ({@link Drainer#SETTINGS}). */
    private static Map<String, String> drainSettings() {
        Map<String, String> s = new java.util.HashMap<>(Drainer.SETTINGS);
        s.putAll(READ_COMMITTED);
        return s;
    }
    private static final Duration STABLE_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(120);
    private static final long STOP_MILLIS = 25_000;

    private final List<TxnWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<String> transactionalIds = new ArrayList<>();
    private List<TopicPartition> partitions;
    private TopicFollower follower;
    private PollerFleet consumers;
    private boolean stopped;

    public TxnWorkload() {
        super(NAME);
    }

    @Override
    public synchronized void start(WorkloadContext ctx) throws Exception {
        requireNotStarted();
        TxnOptions options = TxnOptions.parse(ctx.options());
        context = ctx;
        partitions = TopicSetup.ensure(ctx);
        SendPacer pacer = new SendPacer(ctx.ratePerSecond() / options.meanSends());
        AtomicLong values = new AtomicLong();
        follower = new TopicFollower(ctx, TopicLayout.single(ctx.topic(), partitions.size()));
        TxnAttempt attempt = new TxnAttempt(ctx.history(), ctx.topic(), stats, options.stall());
        try {
            for (int i = 0; i < ctx.producers(); i++) {
                String id = TRANSACTIONAL_ID_PREFIX + i;
                Supplier<TxnClient> factory = ctx.client().transactional(ctx, id, producerSettings(id));
                int timeoutMs = transactionTimeoutMs(ctx.producerConfig()); // after the client refused a bad value
                TxnPoller poller = options.pollRate() > 0 ? new TxnPoller(ctx.client().pollers(ctx, id + "-poller", READ_COMMITTED), partitions) : null;
                TxnGenerator generator = new TxnGenerator(ctx.seed() * 1_000_003L + i, values, follower::count, options);
                TxnWorker w = new TxnWorker(new TxnInit(ctx.history(), id, factory, timeoutMs), poller, generator, attempt, pacer, ids, options.lifetime());
                workers.add(w);
                threads.add(Clients.daemon(w, id));
                transactionalIds.add(id);
            }
            consumers = new PollerFleet(ctx, TopicLayout.single(ctx.topic(), partitions.size()), READ_COMMITTED, ids, stats);
        } catch (RuntimeException e) {
            follower.close();
            throw e;
        }
        follower.start();
        threads.forEach(Thread::start);
        consumers.start();
    }

    /** The producer settings of one transactional.id, under the user's (public: a client kind checks them before a run). */
    public static Map<String, String> producerSettings(String transactionalId) {
        // a send outliving its transaction proves nothing more: the coordinator aborts the transaction at its timeout
        return Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId,
                ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, String.valueOf(TxnFields.DEFAULT_TRANSACTION_TIMEOUT_MS),
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(TxnFields.DEFAULT_TRANSACTION_TIMEOUT_MS));
    }

    /**
     * The {@code transaction.timeout.ms} the producers run with: the user's ({@code --producer-config}, which wins over
     * the workload's settings in either client) when set, else the workload's ({@link #producerSettings}). Recorded
     * beside a stall ({@link TxnFields#TRANSACTION_TIMEOUT_MS}), so that the checker judges the stall by the timeout
     * the coordinator was given. Call it once the client accepted the settings: a value it would refuse is refused
     * here too.
     */
    static int transactionTimeoutMs(Map<String, String> user) {
        String v = user.get(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG);
        if (v == null) return TxnFields.DEFAULT_TRANSACTION_TIMEOUT_MS;
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--producer-config " + ProducerConfig.TRANSACTION_TIMEOUT_CONFIG + "=" + v
                    + ": not a whole number of milliseconds");
        }
    }

    /** Lets every worker finish its current transaction (interrupting the ones that do not in time), then the consumers. */
    @Override
    public synchronized void stop() throws InterruptedException {
        if (context == null || stopped) return;
        stopped = true;
        workers.forEach(TxnWorker::stopRunning);
        WorkerThreads.joinAll(threads, STOP_MILLIS);
        follower.close();
        consumers.stop();
        int initFailures = workers.stream().mapToInt(TxnWorker::initFailures).sum();
        if (initFailures > 0) System.out.println("txn: producers failed to initialize " + initFailures + " time(s) during faults");
    }

    /**
     * Waits (up to 60 s) until no transaction is open, then reads every partition completely with a read_committed
     * consumer, as drain ops.
     */
    @Override
    public void drain() throws InterruptedException {
        started();
        try (Admin admin = Admin.create(ClientConfigs.admin(context))) {
            partitions = TopicSetup.grown(admin, context.topic(), partitions);
            List<Integer> unstable = StableOffsets.await(admin, partitions, STABLE_TIMEOUT);
            if (!unstable.isEmpty()) {
                System.err.println("warning: txn: partitions " + unstable + " still have an open transaction after "
                        + STABLE_TIMEOUT.toSeconds() + " s; the read_committed drain stops at their last stable offset");
            }
        }
        new Drainer(Clients.consumers(context, "kchaos-drain", drainSettings()), TopicLayout.single(context.topic(), partitions.size()), context.history(), stats,
                ids.next(), DRAIN_TIMEOUT, QueueWorkload.MAX_RECORDS_PER_DRAIN_OP).run();
    }

    @Override
    public List<String> transactionalIds() {
        return List.copyOf(transactionalIds);
    }
}
