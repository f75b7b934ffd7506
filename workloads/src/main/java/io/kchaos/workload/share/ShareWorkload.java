package io.kchaos.workload.share;

import io.kchaos.workload.common.WorkloadOptionSet;
import io.kchaos.workload.common.WorkloadBase;
import io.kchaos.workload.Workload;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.Churner;
import io.kchaos.workload.common.ClientConfigs;
import io.kchaos.workload.common.Clients;
import io.kchaos.workload.common.ProducerFleet;
import io.kchaos.workload.common.TopicSetup;
import io.kchaos.workload.common.WorkerThreads;
import io.kchaos.workload.common.TopicLayout;
import io.kchaos.workload.queue.QueueWorkload;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code share} workload (KIP-932 share groups, Kafka 4.2 or later): the queue workload's acks=all producers feed
 * the topic while {@code --consumers} (at least 3) share consumers of one share group ({@value #GROUP}) poll it with explicit
 * acknowledgement, accepting, releasing and rejecting records by the options' weights, stalling past their lock now
 * and then, and crashing or closing and rejoining every {@code churn-seconds}; broker faults add theirs. The group's
 * lock duration, delivery limit and earliest start are set as group configs before anything is produced, and
 * {@code start} returns only once the group delivered its first record ({@link ShareGroupReady}), so the time limit
 * and faults begin with a group that can deliver. After the run the consumers accept everything until the group's
 * start offset reaches every partition's end, or their own acknowledgements finished every record below it
 * ({@code share-catch-up}), then close, and a drain outside the group reads every partition. Ops and options:
 * docs/format.md (share ops) and {@link ShareOptions}.
 */
public final class ShareWorkload extends WorkloadBase {
    public static final String NAME = "share";
    /** The share workload's {@code --workload-option}s (declared in {@link ShareOptions}). */
    public static final WorkloadOptionSet OPTIONS = ShareOptions.OPTIONS;
    public static final String GROUP = "kchaos-share";
    private static final long MEMBER_STOP_MILLIS = 20_000;
    /** The longest wait for the group's cold start ({@link ShareGroupReady}) before the run's clock starts anyway. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
    /** Share consumers run at least: one cannot show a second holder, and a crash would leave none. */
    static final int MIN_CONSUMERS = 3;

    private final List<ShareMember> members = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final FinishedOffsets finished = new FinishedOffsets();
    private ShareOptions options;
    private List<TopicPartition> partitions;
    private ProducerFleet producers;
    private Churner churner;
    private boolean stopped;

    public ShareWorkload() {
        super(NAME);
    }

    @Override
    public synchronized void start(WorkloadContext ctx) throws Exception {
        requireNotStarted();
        options = ShareOptions.of(ctx.options());
        try (Admin admin = Admin.create(ClientConfigs.admin(ctx))) {
            ShareGroupSetup.requireShareGroups(admin);
            context = ctx;
            partitions = TopicSetup.ensure(ctx);
            ShareGroupSetup.configure(admin, GROUP, options);
        }
        Function<Integer, ShareConsumer<String, String>> factory = process -> new KafkaShareConsumer<>(
                shareConsumerConfig(ctx, process), new StringDeserializer(), new StringDeserializer());
        Clients.construct("share consumer", () -> factory.apply(-1)).close(Duration.ZERO); // reject bad settings now, not in a thread
        producers = new ProducerFleet(ctx, TopicLayout.single(ctx.topic(), partitions.size()), ids, stats, QueueWorkload.DEFAULT_IN_FLIGHT);
        for (int i = 0; i < Math.max(MIN_CONSUMERS, ctx.consumers()); i++) {
            ShareMember m = new ShareMember(factory, ctx.topic(), GROUP, options, ctx.history(), stats, ids, finished,
                    ctx.seed() * 131 + i);
            members.add(m);
            threads.add(Clients.daemon(m, "share-member-" + i));
        }
        churner = new Churner(members.size(), (slot, crash) -> members.get(slot).retire(crash),
                (long) (options.churnSeconds() * 1000), options.crashRate(), ctx.seed() * 31 + 11, "share-churn");
        threads.forEach(Thread::start);
        producers.start();
        long t0 = System.nanoTime();
        if (ShareGroupReady.await(stats.polled::sum, READY_TIMEOUT)) {
            System.out.printf(Locale.ROOT, "share group %s delivered its first record after %.1f s; the run's clock starts%n",
                    GROUP, (System.nanoTime() - t0) / 1e9);
        } else {
            System.err.println("warning: share: the group delivered nothing in " + READY_TIMEOUT.toSeconds()
                    + " s; the run's clock starts anyway");
        }
        churner.start();
    }

    /**
     * kchaos's share-consumer settings (the cluster's security, explicit acknowledgement; the client id names the process the incarnation
     * starts as, so the group's assignment can be matched to the history) with the user's consumer settings on top.
     */
    private static Map<String, Object> shareConsumerConfig(WorkloadContext ctx, int process) {
        Map<String, Object> c = new HashMap<>();
        c.put("bootstrap.servers", ctx.bootstrapServers().get());
        c.put("client.id", ShareCatchUp.clientId(process));
        c.put("group.id", GROUP);
        c.put("share.acknowledgement.mode", "explicit");
        c.putAll(ctx.security());
        c.putAll(ctx.consumerConfig());
        return c;
    }

    /**
     * Stops the churn and the producers (every send completes), has the consumers accept everything until the group's
     * start offsets reach the end offsets, or the consumers' own acknowledgements finished every record below them (the
     * reported start offsets lag the last acknowledgement; no warning then), or nothing was delivered for a lock
     * duration and 10 s ({@code share-catch-up}; two lock durations and a minute at most), then closes them.
     */
    @Override
    public synchronized void stop() throws InterruptedException {
        if (context == null || stopped) return;
        stopped = true;
        churner.stop();
        producers.stop();
        members.forEach(ShareMember::finalPhase);
        Duration timeout = Duration.ofMillis(2 * options.lockMs() + 60_000);
        ShareCatchUp.Wait wait = new ShareCatchUp.Wait(timeout, Duration.ofMillis(options.lockMs() + 10_000), stats.polled::sum,
                finished);
        try (Admin admin = Admin.create(ClientConfigs.admin(context))) {
            if (ShareCatchUp.run(new ShareGroupReads(admin, GROUP, partitions), context.history(), ids.next(), wait)
                    == ShareCatchUp.End.GAVE_UP) {
                System.err.println("warning: share: the group's start offsets did not reach every end offset; the checker "
                        + "judges each record from the history");
            }
        }
        members.forEach(ShareMember::stopRunning);
        WorkerThreads.joinAll(threads, MEMBER_STOP_MILLIS + options.lockMs());
    }

    /** Reads every partition completely with a fresh consumer outside the group, as drain ops. */
    @Override
    public void drain() {
        started();
        QueueWorkload.finalDrain(context, TopicLayout.single(context.topic(), partitions.size()), stats, ids.next());
    }

    @Override
    public List<String> shareGroupIds() {
        return List.of(GROUP);
    }
}
