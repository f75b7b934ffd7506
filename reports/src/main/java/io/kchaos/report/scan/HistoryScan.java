package io.kchaos.report.scan;

import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One streaming pass over a history: pairs client invocations with their completions to get latencies, follows the
 * nemesis to get fault windows, and feeds every figure of the report. A malformed line ends the pass with what was
 * gathered so far and a problem to show, never an exception.
 */
public final class HistoryScan implements FaultWindowTracker.Listener {
    /** At most this many latency points are drawn. */
    public static final int MAX_POINTS = 20_000;
    /** History lines shown on each side of an anomaly's example. */
    public static final int EXCERPT_RADIUS = 5;

    private final Map<Integer, Long> invoked = new HashMap<>();
    private final FaultWindowTracker faults = new FaultWindowTracker(this);
    private final List<FaultWindow> open = new ArrayList<>();
    private final List<FaultWindow> awaitingAck = new ArrayList<>();
    private final LatencyHistograms overall = new LatencyHistograms(3);
    private final LatencyPoints points = new LatencyPoints(MAX_POINTS);
    private final Throughput throughput = new Throughput();
    private final ReadProgress progress = new ReadProgress();
    private boolean valuesInOps;
    private final ExcerptCollector excerpts;
    private long ops;
    private long end;

    private HistoryScan(Collection<Long> exampleIndices) {
        this.excerpts = new ExcerptCollector(exampleIndices, EXCERPT_RADIUS);
    }

    /**
     * Scans history.jsonl at {@code file}, keeping excerpts around {@code exampleIndices}. Client ops' values are skipped
     * (the report needs only their times), which makes the pass several times faster than reading whole ops.
     */
    public static HistoryDigest scan(Path file, Collection<Long> exampleIndices) {
        HistoryScan s = new HistoryScan(exampleIndices);
        if (!Files.isRegularFile(file)) return s.digest(false, "history.jsonl not found", List.of());
        return s.run(new SkimmingHistoryFile(file, s.excerpts::wants, s.progress));
    }

    /** Scans any history (e.g. one held in memory). */
    public static HistoryDigest scan(History history, Collection<Long> exampleIndices) {
        HistoryScan s = new HistoryScan(exampleIndices);
        s.valuesInOps = true;
        return s.run(history);
    }

    private HistoryDigest run(History history) {
        String problem = null;
        try {
            history.forEach(this::accept);
        } catch (RuntimeException e) {
            problem = "history read stopped after " + ops + " lines: " + e.getMessage();
        }
        return digest(true, problem, history.warnings());
    }

    private void accept(Op op) {
        ops++;
        end = Math.max(end, op.time());
        excerpts.offer(op);
        if (valuesInOps) progress.offer(op);
        if (op.isNemesis()) {
            faults.accept(op);
            return;
        }
        if (op.isInvoke()) {
            invoked.put(op.process(), op.time());
            return;
        }
        Long start = invoked.remove(op.process());
        if (start == null) return;
        long latency = op.time() - start;
        if (ClientOps.SEND.equals(op.f())) send(op.time(), latency, op.type());
        else if (ClientOps.POLL.equals(op.f()) && op.type() == OpType.OK) poll(latency);
    }

    private void send(long time, long latency, OpType type) {
        overall.send(type, latency);
        points.add(time, latency, type);
        throughput.add(time, type);
        for (FaultWindow w : open) w.stats().latencies().send(type, latency);
        if (type != OpType.OK) return;
        for (FaultWindow w : open) w.stats().ack(time, true, w.completed());
        if (awaitingAck.isEmpty()) return;
        for (FaultWindow w : awaitingAck) w.stats().ack(time, false, true);
        awaitingAck.removeIf(w -> w.stats().settled());
    }

    private void poll(long latency) {
        overall.poll(latency);
        for (FaultWindow w : open) w.stats().latencies().poll(latency);
    }

    @Override
    public void opened(FaultWindow w) {
        w.stats().opened(w.start());
        open.add(w);
    }

    @Override
    public void closed(FaultWindow w) {
        w.stats().closed(w.end());
        open.remove(w);
        awaitingAck.add(w);
    }

    private HistoryDigest digest(boolean present, String problem, List<String> warnings) {
        faults.finish(end);
        progress.finish(end);
        for (FaultWindow w : open) w.stats().closed(w.end());
        open.clear();
        return new HistoryDigest(present, problem, ops, end, List.copyOf(faults.windows()), List.copyOf(faults.events()),
                overall, points, throughput, progress, new TreeMap<>(excerpts.kept()), invoked.size(), withTimeline(warnings));
    }

    /** The reader's warnings, and one more when the history runs past the charted timeline. */
    private List<String> withTimeline(List<String> warnings) {
        String beyond = TimelineSeconds.beyond(end);
        if (beyond == null) return List.copyOf(warnings);
        List<String> all = new ArrayList<>(warnings);
        all.add(beyond);
        return List.copyOf(all);
    }
}
