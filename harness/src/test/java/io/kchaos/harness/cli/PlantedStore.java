package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.node.TextNode;
import io.kchaos.checker.availability.AvailabilityChecker;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.harness.compare.RunSummary;
import io.kchaos.harness.matrix.CellOutcome;
import io.kchaos.harness.matrix.Expectation;
import io.kchaos.harness.matrix.MatrixAxis;
import io.kchaos.harness.matrix.MatrixCellSpec;
import io.kchaos.harness.matrix.MatrixFolder;
import io.kchaos.harness.matrix.MatrixGrid;
import io.kchaos.harness.matrix.MatrixPageWriter;
import io.kchaos.harness.matrix.MatrixResult;
import io.kchaos.harness.matrix.RunOutcome;
import io.kchaos.harness.run.RunConfig;
import io.kchaos.harness.run.RunFolder;
import io.kchaos.harness.run.RunRecord;
import io.kchaos.harness.run.ClientConfig;
import io.kchaos.harness.run.ClusterConfig;
import io.kchaos.harness.run.FaultConfig;
import io.kchaos.harness.run.TestRunConfig;
import io.kchaos.harness.run.WorkloadConfig;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.report.write.RunReport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Test helper: a store written the way runs write it — run.json by {@link RunRecord}, results.json by a
 * {@link CheckResult} whose availability figures the real {@link AvailabilityChecker} measured on a history of sends
 * around a kill, report.html by {@link RunReport}, and a matrix folder by {@link MatrixResult} and {@link MatrixPageWriter}.
 */
final class PlantedStore {
    private static final double SECONDS = 20;
    private static final double KILL_AT = 8;
    private static final double HEAL_AT = 10;

    /** One run: its scenario (null: none), nemesis, Kafka release, whether it lost writes, acks/s and the outage after the kill. */
    record Plan(String scenario, String nemesis, String kafka, boolean lost, double rate, double outageSeconds) {
    }

    private PlantedStore() {
    }

    /**
     * Writes 12 runs of 3 scenarios (4 each, one hour apart, interleaved), a damaged folder and a matrix. One run is a
     * planted regression: the third safe-default run acknowledges 60 sends/s where the others acknowledge about 200.
     *
     * @return the planted regression's run folder
     */
    static Path write(Path store) throws IOException {
        Instant t0 = Instant.parse("2026-11-20T02:00:00Z");
        Path planted = null;
        for (int night = 0; night < 4; night++) {
            Instant t = t0.plusSeconds(86_400L * night);
            Path d = run(store, new Plan("safe-default", "kill-leader", "4.4.0", false, night == 2 ? 60 : 200 + night, 1.5), t);
            if (night == 2) planted = d;
            run(store, new Plan("leader-kill-acks1", "kill-leader", "4.4.0", true, 300 - night, 2.0), t.plusSeconds(3600));
            run(store, new Plan(null, "pause", "3.9.1", false, 150 + night, 3.0), t.plusSeconds(7200));
        }
        Path broken = Files.createDirectories(store.resolve("20261123T050000-broken"));
        Files.writeString(broken.resolve("run.json"), "{\"name\": \"broken\", ");
        matrix(store);
        return planted;
    }

    /** One run folder as {@code kchaos run} leaves it. */
    static Path run(Path store, Plan p, Instant started) {
        String name = p.scenario() == null ? "run" : p.scenario();
        RunFolder folder = RunFolder.create(store, name);
        RunConfig config = TestRunConfig.in(store).name(name).scenario(p.scenario()).seed(7).timeLimitSeconds((int) SECONDS)
                .cluster(new ClusterConfig(3, null, 512, false, Map.of("min.insync.replicas", "2"), "kchaos-queue", 3, (short) 3))
                .load(new WorkloadConfig("queue", Map.of(), p.rate(), 1, 1))
                .faults(new FaultConfig(List.of(p.nemesis()), List.of(), 10, 2))
                .clients(new ClientConfig(Map.of("acks", p.lost() ? "1" : "all"), Map.of(), false)).build();
        RunRecord record = new RunRecord(config, folder);
        record.section("kafka-version", TextNode.valueOf(p.kafka()));
        record.section("started-at", TextNode.valueOf(started.toString()));
        record.duration(SECONDS + 15);
        record.finish();
        CheckResult result = new AvailabilityChecker().check(History.of(ops(p)));
        if (p.lost()) {
            for (int i = 0; i < 3; i++) result.anomaly("lost-write", Json.object().put("partition", 0).put("offset", i).put("value", i));
        }
        result.writeTo(folder.results());
        RunReport.write(folder.dir());
        return folder.dir();
    }

    /** Acknowledged sends at the plan's rate, none from the kill until the outage ends, the killed node restarted at {@value #HEAL_AT} s. */
    private static List<Op> ops(Plan p) {
        List<Op> ops = new ArrayList<>();
        for (double t = 0; t < SECONDS; t += 1 / p.rate()) {
            if (t >= KILL_AT && t < KILL_AT + p.outageSeconds()) continue;
            int v = ops.size() / 2;
            ops.add(new Op(ops.size(), nanos(t), 0, OpType.INVOKE, "send", Json.object().put("key", "k").put("value", v), null));
            ops.add(new Op(ops.size(), nanos(t + 0.002), 0, OpType.OK, "send",
                    Json.object().put("key", "k").put("value", v).put("partition", 0).put("offset", v), null));
        }
        ops.add(nemesis(ops.size(), KILL_AT, OpType.INVOKE, "kill"));
        ops.add(nemesis(ops.size(), KILL_AT + 0.1, OpType.INFO, "kill"));
        ops.add(nemesis(ops.size(), HEAL_AT, OpType.INVOKE, "start"));
        ops.add(nemesis(ops.size(), HEAL_AT + 0.1, OpType.INFO, "start"));
        ops.sort(java.util.Comparator.comparingLong(Op::time));
        List<Op> indexed = new ArrayList<>();
        for (Op o : ops) indexed.add(new Op(indexed.size(), o.time(), o.process(), o.type(), o.f(), o.value(), o.error()));
        return indexed;
    }

    private static Op nemesis(int index, double t, OpType type, String f) {
        return new Op(index, nanos(t), Op.NEMESIS, type, f, Json.object().set("nodes", Json.MAPPER.createArrayNode().add(2)), null);
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }

    /** A matrix folder as {@code kchaos matrix} leaves it: acks=1 expected invalid (and it is), acks=all expected valid (and it is). */
    private static void matrix(Path store) throws IOException {
        Path dir = MatrixFolder.create(store, "matrix-leader-kill-acks1");
        List<MatrixAxis> axes = List.of(MatrixAxis.parse("acks=1,all"));
        List<MatrixCellSpec> cells = MatrixCellSpec.grid(axes);
        List<Expectation> expect = List.of(Expectation.parse("acks=1:invalid", axes, cells), Expectation.parse("acks=all:valid", axes, cells));
        List<CellOutcome> outcomes = new ArrayList<>();
        for (MatrixCellSpec c : cells) {
            boolean lost = c.values().get("acks").equals("1");
            Path run = run(dir, new Plan("leader-kill-acks1", "kill-leader", "4.4.0", lost, 250, 2.0), Instant.parse("2026-11-24T01:00:00Z"));
            outcomes.add(new CellOutcome(c, List.of(new RunOutcome(1, lost ? 1 : 0, RunSummary.load(run)))));
        }
        MatrixResult result = new MatrixResult("kchaos matrix", new MatrixGrid("leader-kill-acks1", 1, null, List.of(), axes, expect), outcomes);
        Json.PRETTY.writeValue(dir.resolve("matrix.json").toFile(), result.toJson(dir));
        MatrixPageWriter.write(dir, result);
    }
}
