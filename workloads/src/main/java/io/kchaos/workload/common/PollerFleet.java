package io.kchaos.workload.common;

import io.kchaos.workload.ClientKind;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.WorkloadStats;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The consumers that poll during a run without a group: one {@link ConsumerWorker} per consumer and topic, each
 * assigned every partition of its topic from its log start, recording {@code poll} ops. Stopping lets each finish its current poll, and wakes the
 * ones that do not stop in time (their poll completes as info).
 */
public final class PollerFleet {
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);

    private final List<ConsumerWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    /**
     * Creates the consumers' workers of the run's {@link ClientKind}; bad settings fail now, not in a thread.
     * {@code settings} are the workload's consumer settings (e.g. isolation.level), under the user's.
     */
    public PollerFleet(WorkloadContext ctx, TopicLayout layout, Map<String, String> settings,
                       ProcessIds ids, WorkloadStats stats) {
        for (int i = 0; i < ctx.consumers(); i++) {
            for (String topic : layout.topics()) {
                String clientId = "kchaos-consumer-" + i + (layout.named() ? "-" + topic : "");
                var factory = ctx.client().pollers(ctx, clientId, settings);
                ConsumerWorker w = new ConsumerWorker(factory, layout, topic, ctx.history(), stats, ids);
                workers.add(w);
                threads.add(Clients.daemon(w, clientId));
            }
        }
    }

    public void start() {
        threads.forEach(Thread::start);
    }

    public void stop() throws InterruptedException {
        workers.forEach(ConsumerWorker::stopPolling);
        for (int i = 0; i < threads.size(); i++) {
            Thread t = threads.get(i);
            t.join(STOP_TIMEOUT.toMillis());
            if (t.isAlive()) {
                workers.get(i).wakeup();
                t.join(STOP_TIMEOUT.toMillis());
            }
        }
    }
}
