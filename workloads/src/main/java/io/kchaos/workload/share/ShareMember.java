package io.kchaos.workload.share;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.workload.ReadRecord;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.SendErrorClassifier;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.errors.InvalidRecordStateException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One share-consumer slot. Each incarnation is a fresh {@code KafkaShareConsumer} in explicit acknowledgement mode:
 * {@code share-subscribe}, then {@code share-poll} and a {@code share-ack} of every record it returned (accept,
 * release or reject, drawn by the options' weights, sent with one {@code commitSync}); now and then it stalls past its
 * lock before acknowledging. It ends with a {@code share-close} or, when told to crash, a {@code share-crash} right
 * after a poll that returned records (closed at once, nothing acknowledged). In the final phase it accepts everything
 * and neither stalls nor crashes. After an info outcome it continues under a new process id. The records of its
 * {@code ok} acknowledgements that accept or reject go to the run's {@link FinishedOffsets}.
 */
final class ShareMember implements Runnable {
    static final Duration POLL_TIMEOUT = Duration.ofMillis(200);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    private static final long STALL_PAST_LOCK_MILLIS = 3_000;
    private static final long RESTART_PAUSE_MILLIS = 300;

    /** How an incarnation is asked to end. */
    enum Exit { NONE, CLOSE, CRASH }

    private final Function<Integer, ShareConsumer<String, String>> consumers;
    private final String topic;
    private final String group;
    private final ShareOptions options;
    private final HistoryWriter history;
    private final WorkloadStats stats;
    private final ProcessIds ids;
    private final FinishedOffsets finished;
    private final Random random;
    private volatile boolean running = true;
    private volatile boolean finalPhase;
    private volatile Exit exit = Exit.NONE;

    ShareMember(Function<Integer, ShareConsumer<String, String>> consumers, String topic, String group, ShareOptions options,
                HistoryWriter history, WorkloadStats stats, ProcessIds ids, FinishedOffsets finished, long seed) {
        this.consumers = consumers;
        this.topic = topic;
        this.group = group;
        this.options = options;
        this.history = history;
        this.stats = stats;
        this.ids = ids;
        this.finished = finished;
        this.random = new Random(seed);
    }

    @Override
    public void run() {
        while (running) {
            ShareConsumer<String, String> consumer;
            int process = ids.next();
            try {
                consumer = consumers.apply(process);
            } catch (RuntimeException e) {
                System.err.println("warning: share: cannot create a share consumer: " + SendErrorClassifier.describe(e));
                return;
            }
            new Incarnation(consumer, process).run();
            if (!running) break;
            try {
                Thread.sleep(RESTART_PAUSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Ends the current incarnation (close, or crash after its next poll with records); the slot starts a new one. */
    void retire(boolean crash) {
        if (!finalPhase) exit = crash ? Exit.CRASH : Exit.CLOSE;
    }

    /** From now on: accept everything, never stall or crash. */
    void finalPhase() {
        finalPhase = true;
        exit = Exit.NONE;
    }

    /** Ends the slot: the current incarnation closes cleanly after its current op. */
    void stopRunning() {
        running = false;
    }

    /** One consumer's life in the share group, on the slot's thread. */
    private final class Incarnation {
        private final ShareConsumer<String, String> consumer;
        private int process;
        private long previousPollInvoke = -1;
        private boolean closed;

        Incarnation(ShareConsumer<String, String> consumer, int process) {
            this.consumer = consumer;
            this.process = process;
        }

        void run() {
            try {
                if (!subscribe()) return;
                while (running && exit != Exit.CLOSE) {
                    List<ConsumerRecord<String, String>> held = poll();
                    if (held.isEmpty()) continue;
                    if (exit == Exit.CRASH && !finalPhase) {
                        crash();
                        return;
                    }
                    if (!finalPhase && random.nextDouble() < options.stallRate()) stall();
                    acknowledge(held);
                }
                close();
            } finally {
                exit = Exit.NONE;
                if (!closed) closeQuietly(Duration.ZERO);
            }
        }

        private boolean subscribe() {
            ObjectNode v = Json.object().put("topic", topic).put("group", group).put("lock-ms", options.lockMs())
                    .put("delivery-limit", options.deliveryLimit());
            history.invoke(process, ClientOps.SHARE_SUBSCRIBE, v);
            try {
                consumer.subscribe(List.of(topic));
            } catch (RuntimeException e) {
                info(ClientOps.SHARE_SUBSCRIBE, v, e);
                return false;
            }
            history.complete(process, OpType.OK, ClientOps.SHARE_SUBSCRIBE, v, null);
            return true;
        }

        /** One poll; every record it returned is held until acknowledged. */
        private List<ConsumerRecord<String, String>> poll() {
            long invoked = history.invoke(process, ClientOps.SHARE_POLL, null).time();
            // a record may have been acquired by the fetch the previous poll sent: its lock runs from then at the earliest
            long lockUntil = (previousPollInvoke < 0 ? invoked : previousPollInvoke) + options.lockMs() * 1_000_000L;
            previousPollInvoke = invoked;
            ConsumerRecords<String, String> polled;
            try {
                polled = consumer.poll(POLL_TIMEOUT);
            } catch (RuntimeException e) {
                info(ClientOps.SHARE_POLL, null, e);
                return List.of();
            }
            List<ConsumerRecord<String, String>> held = new ArrayList<>(polled.count());
            ArrayNode records = Json.MAPPER.createArrayNode();
            for (ConsumerRecord<String, String> r : polled) {
                held.add(r);
                ObjectNode o = ReadRecord.of(r).toJson();
                o.put("delivery-count", r.deliveryCount().map(Short::intValue).orElse(0));
                o.put("lock-until", lockUntil);
                records.add(o);
            }
            ObjectNode v = Json.object();
            v.set("records", records);
            history.complete(process, OpType.OK, ClientOps.SHARE_POLL, v, null);
            stats.polled.add(held.size());
            return held;
        }

        /** Sleeps past the lock of what it holds, as a slow or stuck consumer would. */
        private void stall() {
            try {
                Thread.sleep(options.lockMs() + STALL_PAST_LOCK_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * Acknowledges every held record and commits; per partition, whether the broker took them. When every partition
         * did ({@code ok}), the accepted and rejected records are finished.
         */
        private void acknowledge(List<ConsumerRecord<String, String>> held) {
            ObjectNode v = Json.object();
            ArrayNode acks = v.putArray("acks");
            List<ConsumerRecord<String, String>> finishing = new ArrayList<>(held.size());
            for (ConsumerRecord<String, String> r : held) {
                AcknowledgeType type = finalPhase ? AcknowledgeType.ACCEPT : options.draw(random);
                if (type == AcknowledgeType.ACCEPT || type == AcknowledgeType.REJECT) finishing.add(r);
                ObjectNode a = ReadRecord.of(r).toJson();
                a.remove("key");
                a.put("type", type.name().toLowerCase(Locale.ROOT));
                acks.add(a);
                consumer.acknowledge(r, type);
            }
            history.invoke(process, ClientOps.SHARE_ACK, v);
            Map<TopicIdPartition, Optional<KafkaException>> results;
            try {
                results = consumer.commitSync(CALL_TIMEOUT);
            } catch (RuntimeException e) {
                info(ClientOps.SHARE_ACK, v, e);
                return;
            }
            ObjectNode out = v.deepCopy();
            ObjectNode byPartition = out.putObject("results");
            ObjectNode errors = Json.object();
            TreeSet<Integer> partitions = new TreeSet<>();
            held.forEach(r -> partitions.add(r.partition()));
            Map<Integer, Optional<KafkaException>> got = new TreeMap<>();
            results.forEach((tip, error) -> got.put(tip.partition(), error));
            int ok = 0;
            int fail = 0;
            for (int p : partitions) {
                Optional<KafkaException> error = got.get(p);
                String outcome;
                if (error == null) {
                    outcome = "info";
                    errors.put(String.valueOf(p), "no result from commitSync");
                } else if (error.isEmpty()) {
                    outcome = "ok";
                    ok++;
                } else {
                    outcome = error.get() instanceof InvalidRecordStateException ? "fail" : "info";
                    if (outcome.equals("fail")) fail++;
                    errors.put(String.valueOf(p), SendErrorClassifier.describe(error.get()));
                }
                byPartition.put(String.valueOf(p), outcome);
            }
            if (!errors.isEmpty()) out.set("errors", errors);
            OpType type = ok == partitions.size() ? OpType.OK : fail == partitions.size() ? OpType.FAIL : OpType.INFO;
            history.complete(process, type, ClientOps.SHARE_ACK, out, type == OpType.OK ? null : errors.toString());
            if (type == OpType.OK) finishing.forEach(r -> finished.finish(r.partition(), r.offset()));
            if (type == OpType.INFO) process = ids.next();
        }

        private void crash() {
            history.invoke(process, ClientOps.SHARE_CRASH, null);
            closeQuietly(Duration.ZERO);
            history.complete(process, OpType.INFO, ClientOps.SHARE_CRASH, null,
                    "crashed: closed at once without acknowledging the records it held");
            process = ids.next();
        }

        private void close() {
            history.invoke(process, ClientOps.SHARE_CLOSE, null);
            closed = true;
            try {
                consumer.close(CALL_TIMEOUT);
            } catch (RuntimeException e) {
                info(ClientOps.SHARE_CLOSE, null, e);
                return;
            }
            history.complete(process, OpType.OK, ClientOps.SHARE_CLOSE, null, null);
        }

        private void closeQuietly(Duration timeout) {
            closed = true;
            try {
                consumer.close(timeout);
            } catch (RuntimeException e) {
                // a crash does not care
            }
        }

        /** Completes the current op as info and moves to a new process id. */
        private void info(String f, ObjectNode value, RuntimeException e) {
            history.complete(process, OpType.INFO, f, value, SendErrorClassifier.describe(e));
            process = ids.next();
        }
    }
}
