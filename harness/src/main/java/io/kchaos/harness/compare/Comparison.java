package io.kchaos.harness.compare;

import io.kchaos.history.folder.RunFields;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.checker.result.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Two runs side by side, B against A (the baseline, e.g. the current Kafka version against the next): configuration
 * differences, verdict, anomaly counts, send outcomes, availability, throughput and latency percentiles, each row
 * flagged when B is worse. Correctness (verdict, anomaly counts) is worse on any increase; performance only beyond a
 * tolerance, since one machine's timings are noisy (availability −1 point, throughput −10 %, latency +20 % and +1 ms).
 */
public final class Comparison {
    static final double AVAILABILITY_TOLERANCE = 0.01;
    static final double THROUGHPUT_TOLERANCE = 0.10;
    static final double LATENCY_TOLERANCE = 0.20;
    static final double LATENCY_MIN_MS = 1.0;
    private static final double[] PERCENTILES = {50, 95, 99, 99.9};

    /** One compared figure; {@code worse} when B is worse than A. */
    public record Row(String section, String label, String a, String b, boolean worse) {
    }

    private final RunSummary a;
    private final RunSummary b;
    private final List<Row> rows = new ArrayList<>();
    private boolean correctnessWorse;

    public Comparison(RunSummary a, RunSummary b) {
        this.a = a;
        this.b = b;
        configuration();
        correctness();
        performance();
    }

    public List<Row> rows() {
        return rows;
    }

    /** True when B's verdict or an anomaly count is worse than A's. */
    public boolean correctnessWorse() {
        return correctnessWorse;
    }

    /** True when any row is worse. */
    public boolean anyWorse() {
        return rows.stream().anyMatch(Row::worse);
    }

    public RunSummary a() {
        return a;
    }

    public RunSummary b() {
        return b;
    }

    private void configuration() {
        rows.add(new Row("run", "folder", a.dir().getFileName().toString(), b.dir().getFileName().toString(), false));
        Map<String, String> sa = a.settings();
        Map<String, String> sb = b.settings();
        TreeSet<String> keys = new TreeSet<>(sa.keySet());
        keys.addAll(sb.keySet());
        for (String k : keys) {
            if (k.equals(RunFields.KAFKA_VERSION) || k.equals(RunFields.CLIENT) || !Objects.equals(sa.get(k), sb.get(k))) {
                rows.add(new Row("run", k, sa.getOrDefault(k, "-"), sb.getOrDefault(k, "-"), false));
            }
        }
    }

    private void correctness() {
        boolean verdictWorse = rank(b.verdict()) > rank(a.verdict());
        add("correctness", "verdict", a.verdict().name(), b.verdict().name(), verdictWorse);
        TreeSet<String> types = new TreeSet<>(a.anomalies().keySet());
        types.addAll(b.anomalies().keySet());
        for (String t : types) {
            add("correctness", t, Long.toString(a.anomalies(t)), Long.toString(b.anomalies(t)), b.anomalies(t) > a.anomalies(t));
        }
        if (types.isEmpty()) rows.add(new Row("correctness", "anomalies", "0", "0", false));
        correctnessWorse = rows.stream().anyMatch(r -> r.section().equals("correctness") && r.worse());
    }

    private static int rank(Verdict v) {
        return switch (v) {
            case VALID -> 0;
            case UNKNOWN -> 1;
            case INVALID -> 2;
        };
    }

    private void performance() {
        SendFigures x = a.sends();
        SendFigures y = b.sends();
        add("sends", "sends ok / fail / info", x.ok() + " / " + x.fail() + " / " + x.info(), y.ok() + " / " + y.fail() + " / " + y.info(), false);
        add("sends", "refused (NotEnoughReplicas)", Long.toString(x.refused()), Long.toString(y.refused()), false);
        add("sends", "availability (acknowledged share)", percent(x.availability()), percent(y.availability()),
                y.availability() < x.availability() - AVAILABILITY_TOLERANCE);
        add("sends", "longest time without an ack (s)", number(a.longestNoAckSeconds(), 1), number(b.longestNoAckSeconds(), 1), false);
        add("sends", "throughput (acks/s)", number(x.throughput(), 1), number(y.throughput(), 1),
                y.throughput() < x.throughput() * (1 - THROUGHPUT_TOLERANCE));
        for (double p : PERCENTILES) {
            latency("latency p" + (p == Math.rint(p) ? Integer.toString((int) p) : Double.toString(p)) + " (ms)",
                    x.latencyMillis(p), y.latencyMillis(p));
        }
        latency("latency max (ms)", x.maxLatencyMillis(), y.maxLatencyMillis());
    }

    private void latency(String label, double x, double y) {
        add("latency", label, number(x, 2), number(y, 2), y > x * (1 + LATENCY_TOLERANCE) && y - x > LATENCY_MIN_MS);
    }

    private void add(String section, String label, String x, String y, boolean worse) {
        rows.add(new Row(section, label, x, y, worse));
    }

    static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format("%.2f %%", share * 100);
    }

    static String number(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format("%." + decimals + "f", v);
    }

    /** The comparison as JSON: both folders, the rows, and the two flags. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("a", a.dir().toString());
        o.put("b", b.dir().toString());
        o.put("correctness-worse", correctnessWorse);
        o.put("any-worse", anyWorse());
        ArrayNode arr = o.putArray("rows");
        for (Row r : rows) {
            ObjectNode x = arr.addObject();
            x.put("section", r.section());
            x.put("label", r.label());
            x.put("a", r.a());
            x.put("b", r.b());
            x.put("worse", r.worse());
        }
        return o;
    }

    /** A plain-text table for the console. */
    public String render() {
        int w0 = Math.max(34, rows.stream().mapToInt(r -> r.label().length()).max().orElse(0) + 4);
        int w1 = Math.max(22, rows.stream().mapToInt(r -> r.a().length()).max().orElse(0) + 2);
        int w2 = Math.max(22, rows.stream().mapToInt(r -> r.b().length()).max().orElse(0) + 2);
        StringBuilder sb = new StringBuilder();
        sb.append((pad("", w0) + pad("A", w1) + "B").stripTrailing()).append('\n');
        String section = "";
        for (Row r : rows) {
            if (!r.section().equals(section)) {
                section = r.section();
                sb.append("-- ").append(section).append('\n');
            }
            String line = pad("  " + r.label(), w0) + pad(r.a(), w1) + pad(r.b(), w2) + (r.worse() ? "WORSE" : "");
            sb.append(line.stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s + " " : s + " ".repeat(w - s.length());
    }
}
