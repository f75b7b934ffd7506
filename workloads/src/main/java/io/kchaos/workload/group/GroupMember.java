package io.kchaos.workload.group;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.workload.GroupClient;
import io.kchaos.workload.ReadRecord;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ConsumerWorker;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.SendErrorClassifier;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * One consumer-group member slot. Each incarnation is a fresh consumer: {@code subscribe}, then {@code poll} (records
 * plus the rebalance events delivered during it) and — unless Kafka auto-commits — {@code commit} of the processed
 * positions after every poll that processed records (the broker's committed offsets read back with
 * {@code committed()}); it ends with a {@code close} (after a last commit) or, when told to crash, a {@code crash}:
 * closed without leaving the group or committing, so the group only notices at the session timeout. Then the slot
 * starts a new incarnation. A process runs one op at a time; after an info outcome it continues under a new id.
 */
final class GroupMember implements Runnable {
    static final Duration POLL_TIMEOUT = Duration.ofMillis(200);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    private static final long OBSERVE_EVERY_NANOS = 1_000_000_000L;
    private static final long RESTART_PAUSE_MILLIS = 300;

    /** How an incarnation is asked to end. */
    enum Exit { NONE, CLOSE, CRASH }

    private final Supplier<GroupClient> consumers;
    private final String topic;
    private final String group;
    private final CommitMode mode;
    private final boolean commitEpoch;
    private final HistoryWriter history;
    private final WorkloadStats stats;
    private final ProcessIds ids;
    private volatile boolean running = true;
    private volatile Exit exit = Exit.NONE;

    /** @param commitEpoch commit each offset with the leader epoch of the last record processed below it (KIP-320) */
    GroupMember(Supplier<GroupClient> consumers, String topic, String group, CommitMode mode, boolean commitEpoch,
                HistoryWriter history, WorkloadStats stats, ProcessIds ids) {
        this.consumers = consumers;
        this.topic = topic;
        this.group = group;
        this.mode = mode;
        this.commitEpoch = commitEpoch;
        this.history = history;
        this.stats = stats;
        this.ids = ids;
    }

    @Override
    public void run() {
        while (running) {
            new Incarnation(consumers.get()).run();
            if (!running) break;
            try {
                Thread.sleep(RESTART_PAUSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Ends the current incarnation (close or crash) after its current op; the slot starts a new one. */
    void retire(Exit how) {
        exit = how;
    }

    /** Ends the slot: the current incarnation closes cleanly after its current op. */
    void stopRunning() {
        running = false;
    }

    /** One consumer's life in the group, on the slot's thread. */
    private final class Incarnation implements RebalanceLog.Holder {
        private final GroupClient consumer;
        private final RebalanceLog log;
        private final Set<TopicPartition> assigned = new HashSet<>();
        private final Map<TopicPartition, Long> processed = new HashMap<>();
        private final Map<TopicPartition, Long> processedAtCommit = new HashMap<>();
        private final Map<TopicPartition, Integer> processedEpoch = new HashMap<>();
        private boolean closed;
        private int process = ids.next();
        private long lastObserved = System.nanoTime();

        Incarnation(GroupClient consumer) {
            this.consumer = consumer;
            this.log = new RebalanceLog(consumer, this);
        }

        void run() {
            try {
                if (!subscribe()) return;
                while (running && exit == Exit.NONE) {
                    poll();
                    if (mode != CommitMode.AUTO) commitProgress();
                    else if (System.nanoTime() - lastObserved > OBSERVE_EVERY_NANOS) observeCommitted();
                }
                if (running && exit == Exit.CRASH) {
                    crash();
                } else {
                    if (mode != CommitMode.AUTO) commitProgress();
                    close();
                }
            } finally {
                exit = Exit.NONE;
                if (!closed) closeQuietly();
            }
        }

        @Override
        public void assigned(Collection<TopicPartition> partitions) {
            assigned.addAll(partitions);
        }

        @Override
        public void revoked(Collection<TopicPartition> partitions) {
            assigned.removeAll(partitions);
            partitions.forEach(tp -> {
                processed.remove(tp);
                processedAtCommit.remove(tp);
                processedEpoch.remove(tp);
            });
        }

        private boolean subscribe() {
            ObjectNode v = Json.object().put("topic", topic).put("group", group).put("auto-commit", mode == CommitMode.AUTO);
            history.invoke(process, ClientOps.SUBSCRIBE, v);
            try {
                consumer.subscribe(topic, log);
            } catch (RuntimeException e) {
                info(ClientOps.SUBSCRIBE, v, e);
                return false;
            }
            history.complete(process, OpType.OK, ClientOps.SUBSCRIBE, v, null);
            return true;
        }

        private void poll() {
            history.invoke(process, "poll", null);
            List<GroupClient.Polled> polled;
            try {
                polled = consumer.poll(POLL_TIMEOUT);
            } catch (RuntimeException e) {
                info("poll", log.drainInto(Json.object()), e);
                return;
            }
            List<ReadRecord> records = new ArrayList<>(polled.size());
            for (GroupClient.Polled r : polled) {
                records.add(r.read());
                TopicPartition tp = new TopicPartition(topic, r.read().partition());
                processed.put(tp, r.read().offset() + 1);
                if (r.leaderEpoch() >= 0) processedEpoch.put(tp, r.leaderEpoch());
                else processedEpoch.remove(tp);
            }
            ObjectNode v = Json.object();
            v.set("records", ReadRecord.toJson(records));
            history.complete(process, OpType.OK, "poll", log.drainInto(v), null);
            stats.polled.add(records.size());
        }

        /**
         * Commits the positions processed since the last successful commit (or, ahead, those partitions' end offsets).
         */
        private void commitProgress() {
            Map<TopicPartition, Long> progress = new HashMap<>();
            processed.forEach((tp, o) -> {
                if (assigned.contains(tp) && !o.equals(processedAtCommit.get(tp))) progress.put(tp, o);
            });
            Map<TopicPartition, Long> offsets = new HashMap<>(progress);
            if (offsets.isEmpty()) return;
            if (mode == CommitMode.AHEAD) {
                try {
                    consumer.endOffsets(offsets.keySet(), CALL_TIMEOUT).forEach((tp, end) -> offsets.merge(tp, end, Math::max));
                } catch (RuntimeException e) {
                    return; // no commit this time
                }
            }
            ObjectNode v = Json.object();
            v.set("offsets", byPartition(offsets));
            Map<TopicPartition, Integer> epochs = new HashMap<>();
            if (commitEpoch && mode != CommitMode.AHEAD) progress.keySet().forEach(tp -> {
                Integer e = processedEpoch.get(tp);
                if (e != null) epochs.put(tp, e);
            });
            if (!epochs.isEmpty()) v.set("leader-epochs", byPartition(epochs));
            history.invoke(process, ClientOps.COMMIT, v);
            try {
                consumer.commitSync(offsets, epochs, CALL_TIMEOUT);
            } catch (CommitFailedException | RebalanceInProgressException e) {
                history.complete(process, OpType.FAIL, ClientOps.COMMIT, v, SendErrorClassifier.describe(e));
                return;
            } catch (RuntimeException e) {
                info(ClientOps.COMMIT, v, e);
                return;
            }
            processedAtCommit.putAll(progress);
            ObjectNode ok = v.deepCopy();
            readCommitted(ok);
            history.complete(process, OpType.OK, ClientOps.COMMIT, ok, null);
        }

        /** Auto-commit variant: a {@code committed} op reads the group's committed offsets of the held partitions. */
        private void observeCommitted() {
            lastObserved = System.nanoTime();
            if (assigned.isEmpty()) return;
            history.invoke(process, ClientOps.COMMITTED, null);
            ObjectNode v = Json.object();
            if (readCommitted(v)) history.complete(process, OpType.OK, ClientOps.COMMITTED, v, null);
            else info(ClientOps.COMMITTED, v, null);
        }

        /** Puts the broker's committed offsets of the held partitions into v; false when they could not be read. */
        private boolean readCommitted(ObjectNode v) {
            try {
                v.set("committed", byPartition(consumer.committed(assigned, CALL_TIMEOUT)));
                return true;
            } catch (RuntimeException e) {
                return false;
            }
        }

        private void crash() {
            history.invoke(process, ClientOps.CRASH, null);
            log.silence();
            closed = true;
            try {
                consumer.crash();
            } catch (RuntimeException e) {
                // a crash does not care
            }
            history.complete(process, OpType.INFO, ClientOps.CRASH, null, "crashed: closed without leaving the group or committing");
        }

        private void close() {
            history.invoke(process, ClientOps.CLOSE, null);
            closed = true;
            try {
                consumer.close(CALL_TIMEOUT);
            } catch (RuntimeException e) {
                info(ClientOps.CLOSE, log.drainInto(Json.object()), e);
                return;
            }
            history.complete(process, OpType.OK, ClientOps.CLOSE, log.drainInto(Json.object()), null);
        }

        /** Completes the current op as info and moves to a new process id. */
        private void info(String f, ObjectNode value, RuntimeException e) {
            history.complete(process, OpType.INFO, f, value, e == null ? "offsets not readable" : SendErrorClassifier.describe(e));
            process = ids.next();
        }

        /** Closes a member whose incarnation ended by an error, reporting (not throwing) a failure. */
        private void closeQuietly() {
            try {
                consumer.close(ConsumerWorker.CLOSE_TIMEOUT);
            } catch (RuntimeException e) {
                System.err.println("warning: closing a consumer: " + SendErrorClassifier.describe(e));
            }
        }

        private ObjectNode byPartition(Map<TopicPartition, ? extends Number> offsets) {
            ObjectNode o = Json.object();
            Map<Integer, Long> sorted = new TreeMap<>();
            offsets.forEach((tp, off) -> sorted.put(tp.partition(), off.longValue()));
            sorted.forEach((p, off) -> o.put(String.valueOf(p), off));
            return o;
        }
    }
}
