package io.kchaos.workload.common;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.workload.PollClient;
import io.kchaos.workload.ReadRecord;
import io.kchaos.workload.WorkloadStats;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Supplier;

/**
 * One consumer thread with its own {@link PollClient}: assigns every partition of the topic, seeks each to its log
 * start offset, and polls until stopped, recording each poll as a {@code poll} op. The first poll's invoke carries the seek,
 * {@code {"seek": {"0": 0, ...}}}; a poll that throws completes as info and the worker goes on under a new process id.
 * The consumer is created, used and closed on this thread only.
 */
public final class ConsumerWorker implements Runnable {
    static final String F = ClientOps.POLL;
    public static final Duration POLL_TIMEOUT = Duration.ofMillis(200);
    private static final Duration OFFSETS_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final Supplier<PollClient> consumers;
    private final TopicLayout layout;
    private final String topic;
    private final List<TopicPartition> partitions;
    private final HistoryWriter history;
    private final WorkloadStats stats;
    private final ProcessIds ids;
    private volatile boolean running = true;
    private volatile PollClient consumer;

    /** A worker reading every partition of {@code topic}, one of {@code layout}'s topics. */
    public ConsumerWorker(Supplier<PollClient> consumers, TopicLayout layout, String topic,
                   HistoryWriter history, WorkloadStats stats, ProcessIds ids) {
        this.consumers = consumers;
        this.layout = layout;
        this.topic = topic;
        this.partitions = layout.of(topic);
        this.history = history;
        this.stats = stats;
        this.ids = ids;
    }

    @Override
    public void run() {
        PollClient c = consumers.get();
        consumer = c;
        try {
            ObjectNode seek = seekToStart(c);
            int process = ids.next();
            while (running) {
                process = pollOnce(c, process, seek);
                seek = null;
            }
        } catch (WakeupException e) {
            // stop() woke a poll that outlived its grace period; that poll was completed as info
        } finally {
            c.close(CLOSE_TIMEOUT);
        }
    }

    /** Closes a consumer within {@link #CLOSE_TIMEOUT}, reporting (not throwing) a failure. */
    public static void close(Consumer<?, ?> c) {
        try {
            c.close(CloseOptions.timeout(CLOSE_TIMEOUT));
        } catch (RuntimeException e) {
            System.err.println("warning: closing a consumer: " + SendErrorClassifier.describe(e));
        }
    }

    /** Asks the thread to finish its current poll and stop. */
    public void stopPolling() {
        running = false;
    }

    /** Aborts a blocked poll (it completes as info); for a worker that does not stop in time. */
    public void wakeup() {
        PollClient c = consumer;
        if (c != null) c.wakeup();
    }

    /** Seeks every partition to its log start; retries until it succeeds or the worker stops (then null). */
    private ObjectNode seekToStart(PollClient c) {
        while (running) {
            try {
                Map<TopicPartition, Long> start = c.seekToLogStart(partitions, OFFSETS_TIMEOUT);
                return seekValue(layout.byHistoryPartition(start));
            } catch (WakeupException e) {
                throw e;
            } catch (RuntimeException e) {
                pause();
            }
        }
        return null;
    }

    /** One poll op; returns the process to use next (a new one after info). */
    private int pollOnce(PollClient c, int process, ObjectNode invokeValue) {
        history.invoke(process, F, invokeValue);
        List<ReadRecord> records;
        try {
            records = c.poll(POLL_TIMEOUT);
        } catch (WakeupException e) {
            history.complete(process, OpType.INFO, F, invokeValue, SendErrorClassifier.describe(e));
            throw e;
        } catch (RuntimeException e) {
            history.complete(process, OpType.INFO, F, invokeValue, SendErrorClassifier.describe(e));
            pause();
            return ids.next();
        }
        ObjectNode ok = Json.object();
        List<ReadRecord> named = new ArrayList<>(records.size());
        for (ReadRecord r : records) named.add(layout.inHistory(topic, r));
        ok.set("records", ReadRecord.toJson(named));
        history.complete(process, OpType.OK, F, ok, null);
        stats.polled.add(records.size());
        return process;
    }

    static ObjectNode seekValue(SortedMap<Integer, Long> positions) {
        ObjectNode v = Json.object();
        ObjectNode seek = v.putObject("seek");
        positions.forEach((p, o) -> seek.put(String.valueOf(p), o));
        return v;
    }

    private static void pause() {
        try {
            Thread.sleep(POLL_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
