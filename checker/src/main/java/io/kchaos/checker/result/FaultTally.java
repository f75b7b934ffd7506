package io.kchaos.checker.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultSpan;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields.ByFault;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cases of one anomaly type counted by the fault window they happened in, so a loss can be laid at a fault's door:
 * a case whose example carries a {@code time} (lost-write: when its send was acknowledged) counts for every window
 * that opened at most {@link #LEAD_NS} after it and had not closed before it (a write lost to a leader change was
 * acknowledged just before the change). Cases without a time are not tallied.
 */
public final class FaultTally {
    /** How long before a window opens a case still counts for it: 1 s. */
    public static final long LEAD_NS = 1_000_000_000L;

    private record Row(int number, String f, long start, long end) {
    }

    private final Map<Integer, Row> rows = new TreeMap<>();
    private final Map<Integer, Long> cases = new TreeMap<>();
    private long timed;
    private long outside;

    /** Counts one case at {@code time} (ns since the run started) against {@code windows}. */
    void add(long time, List<FaultSpan> windows) {
        timed++;
        boolean any = false;
        for (FaultSpan w : windows) {
            if (time < w.start() - LEAD_NS || time > w.end()) continue;
            any = true;
            rows.putIfAbsent(w.number(), new Row(w.number(), w.f(), w.start(), w.end()));
            cases.merge(w.number(), 1L, Long::sum);
        }
        if (!any) outside++;
    }

    /** Adds another checker's tally of the same anomaly type (both from the same history's windows). */
    void merge(FaultTally other) {
        timed += other.timed;
        outside += other.outside;
        rows.putAll(other.rows);
        other.cases.forEach((n, c) -> cases.merge(n, c, Long::sum));
    }

    public long timed() {
        return timed;
    }

    public long outside() {
        return outside;
    }

    /** Cases counted for window {@code number} (1-based), 0 when none. */
    public long in(int number) {
        return cases.getOrDefault(number, 0L);
    }

    /** One line for a terminal, e.g. "60 in #3 reassign (24.39-24.55 s); 12 outside every fault window". */
    public String summary() {
        StringBuilder b = new StringBuilder();
        for (Row r : rows.values()) {
            b.append(cases.get(r.number())).append(" in #").append(r.number()).append(' ').append(r.f())
                    .append(" (").append(seconds(r.start())).append('-').append(seconds(r.end())).append(" s); ");
        }
        return b.append(outside).append(" outside every fault window").toString();
    }

    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put(ByFault.TIMED, timed);
        o.put(ByFault.OUTSIDE, outside);
        ArrayNode list = o.putArray(ByFault.WINDOWS);
        for (Row r : rows.values()) {
            list.addObject().put(ByFault.WINDOW, r.number()).put(ByFault.F, r.f())
                    .put(ByFault.START_S, seconds(r.start())).put(ByFault.END_S, seconds(r.end()))
                    .put(ByFault.CASES, cases.get(r.number()));
        }
        return o;
    }

    private static double seconds(long nanos) {
        return Math.round(nanos / 1e6) / 1000.0;
    }
}
