package io.kchaos.workload.common;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Writes {@code send} ops to the history: the invoke before the record is handed to the producer, then exactly one
 * completion — ok with the acknowledged partition and offset, or fail/info as {@link SendErrorClassifier} decides, or
 * info when no completion arrived before the workload stopped. Tracks the sends still in flight.
 */
final class SendRecorder {
    static final String F = ClientOps.SEND;
    static final String NO_COMPLETION = "no completion before stop";

    private final HistoryWriter history;
    private final WorkloadStats stats;
    private final SendErrorClassifier classifier;
    private final TopicLayout layout;
    private final Map<Long, PendingSend> inFlight = new ConcurrentHashMap<>();

    SendRecorder(HistoryWriter history, WorkloadStats stats, SendErrorClassifier classifier, TopicLayout layout) {
        this.layout = layout;
        this.history = history;
        this.stats = stats;
        this.classifier = classifier;
    }

    /** Records the invoke of a send to {@code topic}; call on the thread that will call {@code send()}, right before it. */
    PendingSend invoke(int process, String key, long value, String topic) {
        PendingSend p = new PendingSend(process, key, value, layout.historyTopic(topic));
        inFlight.put(value, p);
        history.invoke(process, F, invokeValue(p));
        return p;
    }

    /**
     * Records the completion of a send from its callback (or from {@code send()} throwing). Returns the type written,
     * or null when the send had already been completed (a late or repeated callback).
     */
    OpType complete(PendingSend p, RecordMetadata metadata, Throwable error) {
        if (error == null && metadata != null && metadata.hasOffset()) {
            ObjectNode v = invokeValue(p);
            v.put("partition", layout.historyPartition(metadata.topic(), metadata.partition()));
            v.put("offset", metadata.offset());
            return write(p, OpType.OK, v, null);
        }
        if (error == null) return write(p, OpType.INFO, invokeValue(p), "no offset in the acknowledgement (acks=0)");
        return write(p, classifier.classify(error, p.insideSend()), invokeValue(p), SendErrorClassifier.describe(error));
    }

    /** Number of sends invoked and not yet completed. */
    int inFlight() {
        return inFlight.size();
    }

    /** Waits until no send is in flight or the timeout passes; returns true when none is left. */
    boolean awaitNoneInFlight(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!inFlight.isEmpty()) {
            if (System.nanoTime() - deadline >= 0) return false;
            Thread.sleep(20);
        }
        return true;
    }

    /** Completes every send still in flight as info; their callbacks, should they come, are then ignored. */
    int abandonInFlight() {
        int n = 0;
        for (PendingSend p : inFlight.values()) {
            if (write(p, OpType.INFO, invokeValue(p), NO_COMPLETION) != null) n++;
        }
        return n;
    }

    private OpType write(PendingSend p, OpType type, ObjectNode value, String error) {
        if (!p.claimCompletion()) return null;
        try {
            history.complete(p.process(), type, F, value, error);
        } finally {
            inFlight.remove(p.value());
        }
        switch (type) {
            case OK -> stats.ok.increment();
            case FAIL -> stats.fail.increment();
            default -> stats.info.increment();
        }
        return type;
    }

    private static ObjectNode invokeValue(PendingSend p) {
        ObjectNode v = Json.object();
        v.put("key", p.key());
        v.put("value", p.value());
        if (p.topic() != null) v.put("topic", p.topic());
        return v;
    }
}
