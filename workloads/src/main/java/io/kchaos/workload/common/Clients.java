package io.kchaos.workload.common;

import io.kchaos.workload.WorkloadContext;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Helpers every workload uses around Kafka clients: one-line construction errors, daemon threads, bounded closing. */
public final class Clients {
    private Clients() {
    }

    /** Builds a client, turning Kafka's "Failed to construct" wrapper into a one-line reason. */
    public static <T> T construct(String what, Supplier<T> factory) {
        try {
            return factory.get();
        } catch (KafkaException e) {
            throw new IllegalArgumentException("invalid " + what + " settings: " + rootMessage(e));
        }
    }

    /** The message of the innermost cause: what a "Failed to construct" wrapper hides. */
    public static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) root = root.getCause();
        return root.getMessage();
    }

    /** A daemon thread named {@code kchaos-NAME}, not started. */
    public static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, "kchaos-" + name);
        t.setDaemon(true);
        return t;
    }

    /**
     * A factory of String consumers with kchaos's defaults, the workload's settings and the user's on top; the
     * bootstrap list is read at each call (it may change between runs of a node).
     */
    public static Supplier<Consumer<String, String>> consumers(WorkloadContext ctx, String clientId,
                                                               Map<String, String> workload) {
        return () -> new KafkaConsumer<>(ClientConfigs.consumer(ctx, clientId, workload));
    }

    /** Runs the closers in parallel, each given at most {@code millis} (an unreachable broker costs that much). */
    public static void closeInParallel(List<Runnable> closers, long millis, String what) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (Runnable c : closers) {
            threads.add(daemon(() -> {
                try {
                    c.run();
                } catch (RuntimeException e) {
                    System.err.println("warning: closing a " + what + ": " + SendErrorClassifier.describe(e));
                }
            }, "close-" + what));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) t.join(millis + 2_000);
    }
}
