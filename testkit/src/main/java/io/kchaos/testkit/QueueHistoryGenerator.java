package io.kchaos.testkit;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.nio.file.Path;
import java.util.Random;

/**
 * Writes a realistic queue-workload history with a simulated topic: producers whose sends end ok, fail or info (an
 * info may or may not have landed, and the worker goes on under a new process), consumers polling every partition
 * with occasional declared rewinds, transaction-marker gaps, nemesis ops, and a final drain split into ops of at most
 * 10,000 records. Optionally plants lost writes (acknowledged records missing from the log) and aborted reads
 * (failed sends that landed), so a checker run over it doubles as a negative control.
 */
public final class QueueHistoryGenerator {
    private static final int MAX_POLL_RECORDS = 50;
    private static final int MAX_DRAIN_RECORDS = 10_000;

    /**
     * What to generate.
     *
     * @param ops                 lines to write (may be overshot by a few)
     * @param sends               sends to complete at most (the history then ends with its drain, however few lines)
     * @param plantedLosses       acknowledged sends whose record is missing from the log
     * @param plantedAbortedReads failed sends whose record is in the log
     */
    public record Settings(long ops, long sends, int partitions, int producers, int consumers, long seed,
                           int plantedLosses, int plantedAbortedReads) {
        public static Settings of(long ops) {
            return new Settings(ops, Long.MAX_VALUE, 6, 8, 3, 42, 0, 0);
        }

        /** A history of about {@code sends} completed sends (about 98.5 % of them acknowledged), whatever its length. */
        public static Settings ofSends(long sends) {
            return new Settings(Long.MAX_VALUE, sends, 6, 8, 3, 42, 0, 0);
        }

        public Settings planting(int losses, int abortedReads) {
            return new Settings(ops, sends, partitions, producers, consumers, seed, losses, abortedReads);
        }
    }

    /** What was written: line count, sends, records in the log, and the anomalies actually planted. */
    public record Summary(long ops, long sends, long records, int plantedLosses, int plantedAbortedReads) {
    }

    private final Settings settings;
    private final Random random;
    private final SimulatedTopic topic;
    private final HistoryWriter out;
    private final long plantEvery;
    private int nextProcess;
    private long nextValue;
    private long sends;
    private long records;
    private int losses;
    private int abortedReads;
    private int pendingOps;

    private QueueHistoryGenerator(Settings settings, HistoryWriter out) {
        this.settings = settings;
        this.random = new Random(settings.seed());
        this.topic = new SimulatedTopic(settings.partitions());
        this.out = out;
        int planted = settings.plantedLosses() + settings.plantedAbortedReads();
        this.plantEvery = Math.max(1, Math.min(settings.ops() / 4, settings.sends()) / (planted + 1));
    }

    /** Generates the history into file. */
    public static Summary write(Settings settings, Path file) {
        try (HistoryWriter out = new HistoryWriter(file)) {
            return new QueueHistoryGenerator(settings, out).run();
        }
    }

    private Summary run() {
        Producer[] producers = new Producer[settings.producers()];
        Poller[] consumers = new Poller[settings.consumers()];
        for (int i = 0; i < producers.length; i++) producers[i] = new Producer(nextProcess++);
        for (int i = 0; i < consumers.length; i++) consumers[i] = new Poller(nextProcess++);
        while (out.size() + pendingOps + drainLines() < settings.ops() && sends + producers.length < settings.sends()) {
            if (random.nextInt(20_000) == 0) nemesis();
            if (random.nextInt(4) == 0) consumers[random.nextInt(consumers.length)].step();
            else producers[random.nextInt(producers.length)].step();
        }
        for (Producer p : producers) p.finish();
        for (Poller c : consumers) c.finish();
        drain(nextProcess++);
        return new Summary(out.size(), sends, records, losses, abortedReads);
    }

    /** Each drain op but the last holds exactly MAX_DRAIN_RECORDS records; the last one ends the remaining partitions. */
    private long drainLines() {
        return 2L * (records / MAX_DRAIN_RECORDS + 1);
    }

    private void nemesis() {
        ObjectNode target = Json.object();
        target.putArray("nodes").add(1 + random.nextInt(3));
        for (String f : new String[] {"kill", "start"}) {
            out.append(Op.NEMESIS, OpType.INVOKE, f, target, null);
            out.append(Op.NEMESIS, OpType.INFO, f, target, null);
        }
    }

    private ArrayNode record(ArrayNode into, int partition, long offset, long value) {
        into.addObject().put("partition", partition).put("offset", offset).put("key", key(value)).put("value", value);
        return into;
    }

    private static String key(long value) {
        return "k" + (value % 64);
    }

    /** Whether the next planted anomaly is due at this send; plants alternate losses and aborted reads. */
    private boolean plantDue() {
        return sends % plantEvery == 0 && losses + abortedReads < settings.plantedLosses() + settings.plantedAbortedReads();
    }

    /** One producer worker: invoke a send, then complete it. */
    private final class Producer {
        private int process;
        private long pending = -1;

        Producer(int process) {
            this.process = process;
        }

        void step() {
            if (pending < 0) {
                pending = nextValue++;
                pendingOps++;
                out.invoke(process, "send", Json.object().put("key", key(pending)).put("value", pending));
            } else {
                complete(random.nextInt(1000));
            }
        }

        void finish() {
            if (pending >= 0) complete(999);
        }

        private void complete(int roll) {
            long v = pending;
            pending = -1;
            pendingOps--;
            sends++;
            int partition = (int) (v % 64) % topic.partitions();
            ObjectNode value = Json.object().put("key", key(v)).put("value", v);
            if (plantDue()) {
                plant(v, partition, value);
            } else if (roll < 5) {
                out.complete(process, OpType.FAIL, "send", value, "org.apache.kafka.common.errors.SerializationException: test");
            } else if (roll < 15) {
                if (roll < 10) append(partition, v);
                out.complete(process, OpType.INFO, "send", value, "org.apache.kafka.common.errors.TimeoutException: test");
                process = nextProcess++;
            } else {
                long offset = append(partition, v);
                out.complete(process, OpType.OK, "send", value.put("partition", partition).put("offset", offset), null);
                if (roll == 999) topic.append(partition, SimulatedTopic.NO_RECORD);
            }
        }

        private void plant(long v, int partition, ObjectNode value) {
            if (losses < settings.plantedLosses()) {
                losses++;
                long offset = topic.append(partition, SimulatedTopic.NO_RECORD);
                out.complete(process, OpType.OK, "send", value.put("partition", partition).put("offset", offset), null);
            } else {
                abortedReads++;
                append(partition, v);
                out.complete(process, OpType.FAIL, "send", value, "org.apache.kafka.common.errors.SerializationException: planted");
            }
        }

        private long append(int partition, long v) {
            records++;
            return topic.append(partition, v);
        }
    }

    /** One consumer worker assigned every partition: invoke a poll, then complete it with what the log holds. */
    private final class Poller {
        private int process;
        private final long[] position = new long[topic.partitions()];
        private boolean pending;
        private boolean started;

        Poller(int process) {
            this.process = process;
        }

        void step() {
            if (!pending) invoke();
            else complete(random.nextInt(1000));
        }

        void finish() {
            if (pending) complete(999);
        }

        private void invoke() {
            pending = true;
            pendingOps++;
            ObjectNode value = null;
            if (!started || random.nextInt(500) == 0) {
                value = Json.object();
                ObjectNode seek = value.putObject("seek");
                for (int p = 0; p < position.length; p++) {
                    if (!started || random.nextInt(3) == 0) {
                        position[p] = Math.max(0, position[p] - random.nextInt(10));
                        seek.put(String.valueOf(p), position[p]);
                    }
                }
                started = true;
            }
            out.invoke(process, "poll", value);
        }

        private void complete(int roll) {
            pending = false;
            pendingOps--;
            if (roll < 2) {
                out.complete(process, OpType.INFO, "poll", null, "org.apache.kafka.common.errors.TimeoutException: test");
                process = nextProcess++;
                return;
            }
            ObjectNode value = Json.object();
            ArrayNode recs = value.putArray("records");
            int first = random.nextInt(position.length);
            for (int i = 0; i < position.length && recs.size() < MAX_POLL_RECORDS; i++) {
                int p = (first + i) % position.length;
                while (position[p] < topic.end(p) && recs.size() < MAX_POLL_RECORDS) {
                    long v = topic.valueAt(p, position[p]);
                    if (v != SimulatedTopic.NO_RECORD) record(recs, p, position[p], v);
                    position[p]++;
                }
            }
            out.complete(process, OpType.OK, "poll", value, null);
        }
    }

    private void drain(int process) {
        int p = 0;
        long offset = 0;
        while (p < topic.partitions()) {
            out.invoke(process, "drain", null);
            ObjectNode value = Json.object();
            ArrayNode recs = value.putArray("records");
            ObjectNode ends = Json.object();
            while (p < topic.partitions() && recs.size() < MAX_DRAIN_RECORDS) {
                if (offset < topic.end(p)) {
                    long v = topic.valueAt(p, offset);
                    if (v != SimulatedTopic.NO_RECORD) record(recs, p, offset, v);
                    offset++;
                } else {
                    ends.put(String.valueOf(p), topic.end(p));
                    p++;
                    offset = 0;
                }
            }
            value.set("end-offsets", ends);
            out.complete(process, OpType.OK, "drain", value, null);
        }
    }
}
