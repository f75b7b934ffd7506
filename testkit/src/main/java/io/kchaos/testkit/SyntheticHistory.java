package io.kchaos.testkit;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpCodec;
import io.kchaos.history.OpType;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * Simulates a queue workload under a cycling nemesis (kill 2, pause 3, partition [1] | [2 3], slow 1; eight faults spread
 * over the history's lines) and writes its history.jsonl in time order: producers send, consumers poll what was acknowledged, a drain reads everything at the
 * end. Latencies rise and sends time out (info) or fail while a fault lasts. One send carries a hostile key and error.
 */
final class SyntheticHistory {
    static final String XSS = "<script>alert(1)</script>";
    static final int NODES = 3;
    private static final int PRODUCERS = 8;
    private static final int CONSUMERS = 2;
    private static final int DRAIN_CHUNK = 10_000;
    private static final long MS = 1_000_000L;

    /** A written acknowledged send: the index of its ok line, and where it landed. */
    record Acked(long index, int process, long value, String key, int partition, long offset) {
    }

    /** A nemesis action of the schedule: when, what and its healing op. */
    record Fault(long start, String f, JsonNode value, long end, String healF) {
    }

    /** What the simulation wrote, for results.json and leaders.jsonl. */
    record Facts(long lines, long end, List<Acked> ackedSamples, Acked xss, Acked xssFail, List<Fault> faults, int partitions) {
    }

    private record Event(long time, long seq, int kind, int worker, Object data) {
    }

    private static final int PRODUCE = 0;
    private static final int PRODUCED = 1;
    private static final int POLL = 2;
    private static final int POLLED = 3;
    private static final int NEMESIS = 4;

    private final Random rnd;
    private final long targetLines;
    private final long budget;
    private final int partitions;
    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.time != b.time
            ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
    private final int[] process = new int[PRODUCERS + CONSUMERS];
    private final long[] nextOffset;
    private final List<long[]> logValues = new ArrayList<>();
    private final ArrayDeque<ObjectNode> unpolled = new ArrayDeque<>();
    private final List<Acked> samples = new ArrayList<>();
    private final List<Fault> faults = new ArrayList<>();
    private final int[] logSize;
    private JsonGenerator out;
    private long seq;
    private long index;
    private long nextValue;
    private long lastTime;
    private int nextProcess = PRODUCERS + CONSUMERS;
    private int faultsOpen;
    private int faultsStarted;
    private long faultStart;
    private long lastFaultInvoke;
    private boolean stopping;
    private Acked xss;
    private Acked xssFail;

    SyntheticHistory(long targetLines, int partitions, long seed) {
        this.rnd = new Random(seed);
        this.targetLines = targetLines;
        this.budget = targetLines - (long) Math.ceil(targetLines / 2.5 / DRAIN_CHUNK) - 2;
        this.partitions = partitions;
        this.nextOffset = new long[partitions];
        this.logSize = new int[partitions];
        for (int p = 0; p < partitions; p++) logValues.add(new long[1024]);
        for (int i = 0; i < process.length; i++) process[i] = i;
    }

    Facts write(Path file) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             JsonGenerator g = Json.MAPPER.getFactory().createGenerator(w)) {
            g.setRootValueSeparator(null);
            out = g;
            schedule();
            run(w);
            drain(w);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return new Facts(index, lastTime, samples, xss, xssFail, faults, partitions);
    }

    private void schedule() {
        for (int i = 0; i < PRODUCERS; i++) push(rnd.nextInt(5) * MS, PRODUCE, i, null);
        for (int i = 0; i < CONSUMERS; i++) push(rnd.nextInt(5) * MS, POLL, PRODUCERS + i, null);
    }

    /** Fault k starts when the history reaches line (k + 1/2) · budget/9 and is healed 2/5 of that spacing later. */
    private void nemesisPlan(long now) {
        long every = budget / 9;
        int k = faultsStarted;
        if (faultsOpen == 0 && k < 8 && index >= every / 2 + k * every) {
            Fault f = fault(k);
            faultsStarted++;
            faultsOpen++;
            faultStart = now;
            push(now, NEMESIS, 0, new Object[] {f.f(), f.value(), Boolean.TRUE});
        } else if (faultsOpen > 0 && index >= every / 2 + (k - 1) * every + every * 2 / 5 && faultStart >= 0) {
            Fault f = fault(k - 1);
            faultStart = -1;
            push(now, NEMESIS, 0, new Object[] {f.healF(), f.healF().equals("heal") ? NullNode.getInstance() : f.value(),
                Boolean.FALSE});
        }
    }

    private static Fault fault(int k) {
        return switch (k % 4) {
            case 0 -> new Fault(0, "kill", nodes(2), 0, "start");
            case 1 -> new Fault(0, "pause", nodes(3), 0, "resume");
            case 2 -> new Fault(0, "partition", partition(), 0, "heal");
            default -> new Fault(0, "slow", slow(), 0, "heal");
        };
    }

    private static ObjectNode nodes(int n) {
        ObjectNode v = Json.object();
        v.putArray("nodes").add(n);
        return v;
    }

    private static ObjectNode partition() {
        ObjectNode v = Json.object();
        ArrayNode groups = v.putArray("partition");
        groups.addArray().add(1);
        groups.addArray().add(2).add(3);
        return v;
    }

    private static ObjectNode slow() {
        ObjectNode v = Json.object();
        v.put("node", 1).put("latency-ms", 200);
        return v;
    }

    private void push(long time, int kind, int worker, Object data) {
        events.add(new Event(time, seq++, kind, worker, data));
    }

    private void run(BufferedWriter w) throws IOException {
        while (!events.isEmpty()) {
            Event e = events.poll();
            stopping = index >= budget;
            if (!stopping) nemesisPlan(e.time);
            switch (e.kind) {
                case PRODUCE -> produce(e, w);
                case PRODUCED -> produced(e, w);
                case POLL -> poll(e, w);
                case POLLED -> polled(e, w);
                default -> nemesis(e, w);
            }
        }
    }

    private void produce(Event e, BufferedWriter w) throws IOException {
        if (stopping) return;
        long value = nextValue++;
        String key = value == 7 ? XSS : "k" + value % 16;
        ObjectNode v = Json.object().put("key", key).put("value", value);
        emit(w, e.time, process[e.worker], OpType.INVOKE, "send", v, null);
        double r = rnd.nextDouble();
        long latency;
        OpType outcome;
        if (faultsOpen > 0 && r < 0.06) {
            latency = 1000 * MS + rnd.nextInt(2000) * MS;
            outcome = OpType.INFO;
        } else if (faultsOpen > 0 && r < 0.08) {
            latency = rnd.nextInt(20) * MS + MS;
            outcome = OpType.FAIL;
        } else {
            double base = Math.exp(rnd.nextGaussian() * 0.5) * 3 * MS;
            latency = (long) (faultsOpen > 0 && r < 0.4 ? base * 40 : base);
            outcome = OpType.OK;
        }
        push(e.time + latency, PRODUCED, e.worker, new Object[] {v, outcome});
    }

    private void produced(Event e, BufferedWriter w) throws IOException {
        Object[] d = (Object[]) e.data;
        ObjectNode v = (ObjectNode) d[0];
        OpType outcome = (OpType) d[1];
        int proc = process[e.worker];
        if (outcome == OpType.OK) {
            long value = v.get("value").asLong();
            int p = (int) (value % partitions);
            long offset = nextOffset[p]++;
            ObjectNode ok = v.deepCopy().put("partition", p).put("offset", offset);
            emit(w, e.time, proc, OpType.OK, "send", ok, null);
            append(p, value);
            unpolled.add(Json.object().put("partition", p).put("offset", offset).put("key", v.get("key").asText()).put("value", value));
            if (unpolled.size() > 5000) unpolled.poll();
            Acked a = new Acked(index - 1, proc, value, v.get("key").asText(), p, offset);
            if (value == 7) xss = a;
            if (faultsOpen > 0 && samples.size() < 64) samples.add(a);
        } else {
            boolean plant = outcome == OpType.FAIL && xssFail == null;
            String err = outcome == OpType.INFO
                    ? "org.apache.kafka.common.errors.TimeoutException: Expiring 1 record(s)"
                    : "org.apache.kafka.common.errors.SerializationException: rejected before send" + (plant ? " " + XSS : "");
            emit(w, e.time, proc, outcome, "send", v, err);
            if (plant) xssFail = new Acked(index - 1, proc, v.get("value").asLong(), v.get("key").asText(), -1, -1);
            if (outcome == OpType.INFO) process[e.worker] = nextProcess++;
        }
        push(e.time + rnd.nextInt(2) * MS, PRODUCE, e.worker, null);
    }

    private void append(int p, long value) {
        long[] a = logValues.get(p);
        if (logSize[p] == a.length) {
            a = java.util.Arrays.copyOf(a, a.length * 2);
            logValues.set(p, a);
        }
        a[logSize[p]++] = value;
    }

    private void poll(Event e, BufferedWriter w) throws IOException {
        if (stopping) return;
        emit(w, e.time, process[e.worker], OpType.INVOKE, "poll", NullNode.getInstance(), null);
        push(e.time + (1 + rnd.nextInt(faultsOpen > 0 ? 200 : 10)) * MS, POLLED, e.worker, null);
    }

    private void polled(Event e, BufferedWriter w) throws IOException {
        ObjectNode v = Json.object();
        ArrayNode records = v.putArray("records");
        for (int i = 0; i < 8 && !unpolled.isEmpty(); i++) records.add(unpolled.poll());
        emit(w, e.time, process[e.worker], OpType.OK, "poll", v, null);
        push(e.time + MS, POLL, e.worker, null);
    }

    /** A nemesis op: the invocation, then its info 40 ms later; a fault counts as open from its invocation to its heal's info. */
    private void nemesis(Event e, BufferedWriter w) throws IOException {
        Object[] d = (Object[]) e.data;
        String f = (String) d[0];
        JsonNode v = (JsonNode) d[1];
        if (d.length == 3) {
            emit(w, e.time, Op.NEMESIS, OpType.INVOKE, f, v, null);
            push(e.time + 40 * MS, NEMESIS, 0, new Object[] {f, v, d[2], e.time});
            return;
        }
        emit(w, e.time, Op.NEMESIS, OpType.INFO, f, v, null);
        if (d[2] == Boolean.FALSE) {
            faultsOpen--;
            Fault opened = fault(faults.size());
            faults.add(new Fault(lastFaultInvoke, opened.f(), opened.value(), e.time, f));
        } else {
            lastFaultInvoke = (Long) d[3];
        }
    }

    private void drain(BufferedWriter w) throws IOException {
        long t = lastTime + 2000 * MS;
        int proc = nextProcess++;
        for (int p = 0; p < partitions; p++) {
            for (int from = 0; from < logSize[p] || from == 0; from += DRAIN_CHUNK) {
                emit(w, t, proc, OpType.INVOKE, "drain", NullNode.getInstance(), null);
                ObjectNode v = Json.object();
                ArrayNode records = v.putArray("records");
                int to = Math.min(logSize[p], from + DRAIN_CHUNK);
                for (int o = from; o < to; o++) {
                    long value = logValues.get(p)[o];
                    records.addObject().put("partition", p).put("offset", o).put("key", value == 7 ? XSS : "k" + value % 16)
                            .put("value", value);
                }
                if (to == logSize[p]) v.putObject("end-offsets").put(Integer.toString(p), logSize[p]);
                t += 50 * MS;
                emit(w, t, proc, OpType.OK, "drain", v, null);
                if (to == logSize[p]) break;
            }
        }
    }

    private void emit(BufferedWriter w, long time, int proc, OpType type, String f, JsonNode value, String error)
            throws IOException {
        lastTime = Math.max(lastTime, time);
        OpCodec.write(new Op(index++, time, proc, type, f, value, error), out);
        out.flush();
        w.write('\n');
    }
}
