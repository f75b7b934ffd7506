package io.kchaos.harness.matrix;

import io.kchaos.history.folder.ResultsFields;
import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.harness.compare.RunSummary;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A finished matrix (or the shard of one that ran): every cell's repeats judged against the expectations. Exit code 1
 * when an expectation is unmet, else 2 when some run could not be judged, else 0. Renders the table (console and
 * matrix.txt) and matrix.json.
 *
 * @param cells the cells that ran, in the grid's order: every cell of the grid, or the shard's
 */
public record MatrixResult(String command, MatrixGrid grid, MatrixShard shard, List<CellOutcome> cells) {
    public MatrixResult {
        cells = List.copyOf(cells);
    }

    /** The unsharded result of a grid's cells. */
    public MatrixResult(String command, MatrixGrid grid, List<CellOutcome> cells) {
        this(command, grid, MatrixShard.WHOLE, cells);
    }

    public String scenario() {
        return grid.scenario();
    }

    public int repeat() {
        return grid.repeat();
    }

    public List<MatrixAxis> axes() {
        return grid.axes();
    }

    public List<Expectation> expectations() {
        return grid.expectations();
    }
    /** The anomaly columns of the table (every anomaly still counts in the verdict columns and matrix.json). */
    static final List<String> COLUMNS = List.of(Anomalies.LOST_WRITE.key(), Anomalies.DUPLICATE.key(), Anomalies.INCONSISTENT_OFFSETS.key());

    /** The expectations that select the cell. */
    public List<Expectation> expectationsOf(MatrixCellSpec cell) {
        return expectations().stream().filter(e -> e.selects(cell)).toList();
    }

    /** Why the cell breaks its expectations (empty when it keeps them all). */
    public List<String> unmet(CellOutcome c) {
        List<String> out = new ArrayList<>();
        for (Expectation e : expectationsOf(c.cell())) e.unmet(c).ifPresent(out::add);
        return out;
    }

    /** 1 when a cell breaks an expectation, else 2 when a run could not be judged, else 0. */
    public int exitCode() {
        if (cells.stream().anyMatch(c -> !unmet(c).isEmpty())) return 1;
        return cells.stream().anyMatch(c -> c.unknown() > 0) ? 2 : 0;
    }

    /** The console table, one row per cell. */
    public String table() {
        List<String[]> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("cell", "settings", "runs", "valid", "invalid", "unknown", "no fault"));
        head.addAll(COLUMNS);
        head.addAll(List.of("refused", "availability", "p99 ms", "expect"));
        rows.add(head.toArray(String[]::new));
        for (CellOutcome c : cells) {
            List<String> r = new ArrayList<>(List.of(c.cell().id(), c.cell().label(), Integer.toString(c.runs().size()),
                    Long.toString(c.valid()), Long.toString(c.invalid()), Long.toString(c.unknown()), Long.toString(c.unexercised())));
            for (String type : COLUMNS) {
                long n = c.total(type);
                r.add(n == 0 ? "0" : n + " (" + c.runsWith(type) + "/" + c.runs().size() + ")");
            }
            r.add(Long.toString(c.refused()));
            r.add(Double.isNaN(c.availability()) ? "-" : String.format("%.1f %%", 100 * c.availability()));
            r.add(Double.isNaN(c.p99Millis()) ? "-" : String.format("%.1f", c.p99Millis()));
            List<Expectation> es = expectationsOf(c.cell());
            r.add(es.isEmpty() ? "" : String.join(",", es.stream().map(Expectation::outcome).toList()) + (unmet(c).isEmpty() ? " ok" : " UNMET"));
            rows.add(r.toArray(String[]::new));
        }
        StringBuilder sb = new StringBuilder(TextTable.render(rows));
        sb.append("(no fault: valid runs none of whose faults held, not counted as valid; anomaly columns: total count (runs with it / runs); refused: sends refused with NotEnoughReplicas; "
                + "availability: share of sends acknowledged; p99: worst repeat)\n");
        for (CellOutcome c : cells) unmet(c).forEach(u -> sb.append(c.cell().id()).append(" UNMET: ").append(u).append('\n'));
        return sb.toString();
    }

    /**
     * matrix.json: the grid's definition ({@link MatrixGrid#toJson}), the command, the grid's digest and cell count, the
     * shard, the cells that ran (run folders relative to {@code matrixDir}) and the exit code.
     */
    public ObjectNode toJson(Path matrixDir) {
        ObjectNode o = grid.toJson();
        o.put("command", command);
        ObjectNode g = o.putObject("grid");
        g.put("digest", grid.digest());
        g.put("cells", grid.cells().size());
        ObjectNode sh = o.putObject("shard");
        sh.put("index", shard.index());
        sh.put("count", shard.count());
        ArrayNode cs = o.putArray("cells");
        for (CellOutcome c : cells) cs.add(cellJson(c, matrixDir));
        o.put("exit-code", exitCode());
        return o;
    }

    private ObjectNode cellJson(CellOutcome c, Path matrixDir) {
        ObjectNode x = Json.object();
        x.put("id", c.cell().id());
        x.put("label", c.cell().label());
        ObjectNode settings = x.putObject("settings");
        c.cell().values().forEach(settings::put);
        ArrayNode ex = x.putArray("expect");
        expectationsOf(c.cell()).forEach(e -> ex.add(e.outcome()));
        List<String> unmet = unmet(c);
        x.put("expectations-met", unmet.isEmpty());
        unmet.forEach(x.putArray("unmet")::add);
        ObjectNode s = x.putObject("summary");
        s.put("runs", c.runs().size());
        s.put("valid", c.valid());
        s.put("invalid", c.invalid());
        s.put("unknown", c.unknown());
        s.put("unexercised", c.unexercised());
        ObjectNode an = s.putObject("anomalies");
        for (String t : c.anomalyTypes()) {
            ObjectNode a = an.putObject(t);
            a.put("runs", c.runsWith(t));
            a.put("count", c.total(t));
        }
        s.put("refused", c.refused());
        number(s, "availability", c.availability());
        number(s, "throughput", c.throughput());
        number(s, "p99-ms", c.p99Millis());
        number(s, "longest-no-ack-s", c.longestNoAckSeconds());
        ArrayNode runs = x.putArray("runs");
        for (RunOutcome r : c.runs()) runs.add(runJson(r, matrixDir));
        return x;
    }

    /**
     * One run as matrix.json (and the known-bug pack's bugs.json) records it: repeat, exit code, verdict, and when it
     * left a folder, the folder relative to {@code dir}, Kafka version, anomaly counts and send figures.
     */
    public static ObjectNode runJson(RunOutcome r, Path dir) {
        ObjectNode ro = Json.object();
        ro.put("repeat", r.repeat());
        ro.put("exit-code", r.exitCode());
        ro.put("verdict", r.verdict().name().toLowerCase());
        RunSummary sum = r.summary();
        if (sum == null) return ro;
        ro.put("dir", dir.toAbsolutePath().normalize().relativize(sum.dir()).toString());
        ro.put("kafka-version", sum.kafkaVersion());
        if (sum.faultsInjected() >= 0) ro.put(ResultsFields.Stats.FAULTS_INJECTED, sum.faultsInjected());
        ObjectNode ra = ro.putObject("anomalies");
        sum.anomalies().forEach((k, v) -> ra.put(k, (long) v));
        ObjectNode sends = ro.putObject("sends");
        sends.put("ok", sum.sends().ok());
        sends.put("fail", sum.sends().fail());
        sends.put("info", sum.sends().info());
        sends.put("refused", sum.sends().refused());
        number(ro, "availability", sum.sends().availability());
        number(ro, "throughput", sum.sends().throughput());
        number(ro, "p50-ms", sum.sends().latencyMillis(50));
        number(ro, "p99-ms", sum.sends().latencyMillis(99));
        return ro;
    }

    private static void number(ObjectNode o, String key, double v) {
        if (Double.isNaN(v)) o.putNull(key);
        else o.put(key, Math.round(v * 10000) / 10000.0);
    }
}
