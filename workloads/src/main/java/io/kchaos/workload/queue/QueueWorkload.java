package io.kchaos.workload.queue;

import io.kchaos.history.ValuePadding;
import io.kchaos.workload.common.WorkloadBase;
import io.kchaos.workload.Workload;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.Clients;
import io.kchaos.workload.common.Drainer;
import io.kchaos.workload.common.PollerFleet;
import io.kchaos.workload.common.ProducerFleet;
import io.kchaos.workload.common.SendErrorClassifier;
import io.kchaos.workload.common.TopicLayout;
import io.kchaos.workload.common.TopicSetup;
import io.kchaos.workload.common.WorkloadOption;
import io.kchaos.workload.common.WorkloadOptionSet;
import io.kchaos.workload.common.WorkloadOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * The {@code queue} workload, after Jepsen's Kafka queue test: producer threads send run-unique longs to random
 * partitions of one topic, consumer threads read every partition from the start, and a final drain reads each
 * partition completely, all recorded as {@code send}, {@code poll} and {@code drain} ops (docs/format.md).
 *
 * <p>A failed send is {@code fail} only when the error proves the record was never appended, otherwise {@code info};
 * the rule is documented on {@link SendErrorClassifier}. Producers default to acks=all with idempotence, a 30 s
 * delivery timeout (above a killed leader's fencing), a 3 s request timeout, linger 1 ms and max.block 5 s, with the user's producer settings on top
 * (acks=1, retries=0 or more than 5 requests in flight turn idempotence off unless the user set it). Each producer
 * keeps up to {@link #DEFAULT_IN_FLIGHT} sends outstanding per partition ({@code --workload-option in-flight=N}),
 * each in its own logical process, and picks each record's partition explicitly and uniformly at random among those
 * with a free slot, so a partition without a leader stalls only its own sends (keys {@code k0..k7} are random too but
 * do not decide the partition).
 * Values start at 0 in every run, so each run needs a topic of its own (an existing topic is reused as it is). With
 * {@code --workload-option topics=N} (up to {@value #MAX_TOPICS}) every producer writes N topics (the run's topic and
 * {@code topic-1} ...), each slot bound to one partition of one, and the sends and reads name their topic, so that
 * the checker can tell a record that landed on another topic ({@code wrong-topic}); one poller per consumer and topic.
 * With {@code --workload-option idle-partitions=N} the run's topic's last N partitions get no sends: they stay empty
 * and idle, as faults on idle partitions need (the {@code log-dir-move} scenario's KAFKA-20961). With
 * {@code --workload-option value-bytes=N} every value is padded to N bytes ({@link ValuePadding}), so that the
 * checker's bound on the bytes a record takes is tight and a size-retention deletion can be judged premature.
 */
public final class QueueWorkload extends WorkloadBase {
    public static final String NAME = "queue";
    public static final int DEFAULT_IN_FLIGHT = 32;
    static final int MAX_TOPICS = 8;
    public static final WorkloadOption IN_FLIGHT = WorkloadOption.whole("in-flight", DEFAULT_IN_FLIGHT, 1, 10_000,
            "sends each producer keeps outstanding per partition");
    public static final WorkloadOption TOPICS = WorkloadOption.whole("topics", 1, 1, MAX_TOPICS,
            "topics every producer writes (the run's topic and more named after it), each send and read naming its topic");
    public static final WorkloadOption IDLE_PARTITIONS = WorkloadOption.whole("idle-partitions", 0, 0, 1_000,
            "the run's topic's last N partitions get no sends (read like the others), e.g. for faults on idle partitions");
    public static final WorkloadOption VALUE_BYTES = WorkloadOption.whole(ValuePadding.OPTION, 0, 0, ValuePadding.MAX_BYTES,
            "each value padded to N bytes (the number, '" + ValuePadding.SEPARATOR + "', filler; read back as the number; "
                    + "0: the number alone), so that the checker's bound on a record's log bytes is tight (a size-retention "
                    + "deletion can be premature)");
    /** The queue workload's {@code --workload-option}s. */
    public static final WorkloadOptionSet OPTIONS = WorkloadOptionSet.of(NAME, IN_FLIGHT, TOPICS, IDLE_PARTITIONS, VALUE_BYTES);
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(120);
    public static final int MAX_RECORDS_PER_DRAIN_OP = 10_000;

    private TopicLayout layout;
    private ProducerFleet producers;
    private PollerFleet consumers;
    private boolean stopped;

    public QueueWorkload() {
        super(NAME);
    }

    @Override
    public synchronized void start(WorkloadContext ctx) throws Exception {
        requireNotStarted();
        WorkloadOptions options = OPTIONS.read(ctx.options());
        int inFlight = options.whole(IN_FLIGHT);
        int topics = options.whole(TOPICS);
        context = ctx;
        layout = TopicSetup.ensure(ctx, topicNames(ctx.topic(), topics));
        producers = new ProducerFleet(ctx, layout, ids, stats, inFlight, written(layout.partitions(), options.whole(IDLE_PARTITIONS)),
                options.whole(VALUE_BYTES));
        try {
            consumers = new PollerFleet(ctx, layout, Map.of(), ids, stats);
        } catch (RuntimeException e) {
            producers.abort();
            throw e;
        }
        producers.start();
        consumers.start();
    }

    /**
     * Stops sending, waits for every in-flight send's callback (sends still without one complete as info "no
     * completion before stop"), closes the producers, then stops the consumers after their current poll.
     */
    @Override
    public synchronized void stop() throws InterruptedException {
        if (context == null || stopped) return;
        stopped = true;
        producers.stop();
        consumers.stop();
    }

    /**
     * Reads every partition completely with a fresh consumer and records it as drain ops of at most
     * {@value #MAX_RECORDS_PER_DRAIN_OP} records each; see {@link Drainer}.
     */
    @Override
    public void drain() {
        started();
        finalDrain(context, layout, stats, ids.next());
    }

    /**
     * The final drain every workload ends with: a fresh consumer outside any group reads every partition of
     * {@code layout} completely, recorded as drain ops of at most {@value #MAX_RECORDS_PER_DRAIN_OP} records each under
     * {@code process}.
     */
    public static void finalDrain(WorkloadContext ctx, TopicLayout layout, WorkloadStats stats, int process) {
        new Drainer(Clients.consumers(ctx, "kchaos-drain", Drainer.SETTINGS), layout, ctx.history(), stats,
                process, DEFAULT_DRAIN_TIMEOUT, MAX_RECORDS_PER_DRAIN_OP).run();
    }

    /**
     * Which history partitions get sends when the run's topic's last {@code idle} of its {@code partitions} are left
     * idle (partitions it gains later, and the other topics', get sends); refuses to leave every partition idle.
     */
    static IntPredicate written(int partitions, int idle) {
        if (idle >= partitions) {
            throw new IllegalArgumentException("idle-partitions=" + idle + " leaves none of the topic's " + partitions + " partitions written");
        }
        return p -> p < partitions - idle || p >= partitions;
    }

    /** The run's topic alone, or it and {@code topic-1} ... {@code topic-(n-1)}. */
    static List<String> topicNames(String topic, int n) {
        List<String> names = new ArrayList<>();
        names.add(topic);
        for (int i = 1; i < n; i++) names.add(topic + "-" + i);
        return names;
    }
}
