package io.kchaos.workload;

import java.util.List;
import java.util.Map;

/**
 * A workload drives Kafka clients and records every operation in the run's history. Lifecycle, in the order the
 * harness calls it: {@link #start}, (faults happen), {@link #stop} (clients finish their in-flight ops), then — once
 * the cluster is healed and fully in sync — {@link #drain} (the final complete read), then {@link #close}.
 */
public interface Workload extends AutoCloseable {
    /** Short name, e.g. {@code queue}. */
    String name();

    /** Creates the topic(s) it needs and starts its worker threads. Returns once they run. */
    void start(WorkloadContext context) throws Exception;

    /** Asks workers to stop and waits until every invoked op has its completion in the history. */
    void stop() throws InterruptedException;

    /** The final read after healing: records {@code drain} ops that read every partition completely. */
    void drain() throws Exception;

    /** The transactional ids its producers use, for faults aimed at their transaction coordinators; none by default. */
    default List<String> transactionalIds() {
        return List.of();
    }

    /** The consumer groups it uses, for faults aimed at their group coordinators; none by default. */
    default List<String> groupIds() {
        return List.of();
    }

    /** The share groups it uses, for faults aimed at their group and share coordinators; none by default. */
    default List<String> shareGroupIds() {
        return List.of();
    }

    /**
     * What the workload chose at start that its options left open (e.g. the group's {@code group-protocol}), recorded
     * in run.json ({@code workload-choices}) and the report; none by default. Called after {@link #start}.
     */
    default Map<String, String> choices() {
        return Map.of();
    }

    /** Live counters for the status line. */
    WorkloadStats stats();

    /** Stops the workload if it still runs (see {@link #stop}); keeps the thread's interrupt status. */
    @Override
    default void close() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
