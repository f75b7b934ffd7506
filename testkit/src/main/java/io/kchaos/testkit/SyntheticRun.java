package io.kchaos.testkit;

import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.RunFiles;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a complete synthetic run folder (run.json, history.jsonl, results.json, leaders.jsonl, nodes/&lt;id&gt;/server.log)
 * for benchmarks and tests. With anomalies planted, results.json names real lines of the history, and one example and
 * one error carry a {@code <script>} payload that the report must show as text.
 */
public final class SyntheticRun {
    /** The hostile string planted in a key, an example and an error message. */
    public static final String XSS = SyntheticHistory.XSS;

    private SyntheticRun() {
    }

    /** Writes the folder; {@code anomalies} false gives a valid run. Returns the number of history lines. */
    public static long write(Path dir, long lines, boolean anomalies, long seed) {
        try {
            Files.createDirectories(dir);
            RunFiles files = new RunFiles(dir);
            SyntheticHistory.Facts facts = new SyntheticHistory(lines, 3, seed).write(files.history());
            Json.PRETTY.writeValue(files.runJson().toFile(), runJson(facts, seed));
            Json.PRETTY.writeValue(files.results().toFile(), anomalies ? invalid(facts) : valid(facts));
            writeLeaders(files.leaders(), facts);
            for (int n = 1; n <= SyntheticHistory.NODES; n++) {
                Path node = Files.createDirectories(files.node(n));
                Files.writeString(node.resolve(RunFiles.SERVER_LOG), "[broker " + n + "] started\n", StandardCharsets.UTF_8);
            }
            return facts.lines();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write synthetic run " + dir, e);
        }
    }

    private static ObjectNode runJson(SyntheticHistory.Facts facts, long seed) {
        ObjectNode r = Json.object();
        r.put(RunFields.NAME, "synthetic-" + seed).put(RunFields.COMMAND, "./kchaos run --nemesis kill-leader,pause,partition,slow --seed " + seed
                + " --producer-config acks=all --broker-config min.insync.replicas=2");
        r.put(RunFields.SCENARIO, "synthetic").put(RunFields.SEED, seed).put(RunFields.KAFKA_VERSION, "4.1.1").put(RunFields.BACKEND, "local");
        r.put(RunFields.NODES, SyntheticHistory.NODES).put(RunFields.TOPIC, "kchaos-queue").put(RunFields.PARTITIONS, facts.partitions());
        r.put(RunFields.REPLICATION_FACTOR, 3).put(RunFields.TIME_LIMIT_SECONDS, (int) (facts.end() / 1e9)).put(RunFields.WORKLOAD, "queue");
        ArrayNode nemesis = r.putArray(RunFields.NEMESIS);
        nemesis.add("kill-leader").add("pause").add("partition").add("slow");
        r.put(RunFields.NEMESIS_INTERVAL_SECONDS, 10).put(RunFields.RATE, 2000);
        r.putObject(RunFields.BROKER_CONFIG).put("min.insync.replicas", "2").put("unclean.leader.election.enable", "false");
        r.putObject(RunFields.PRODUCER_CONFIG).put("acks", "all").put("enable.idempotence", "true").put("client.id", XSS);
        r.putObject(RunFields.CONSUMER_CONFIG).put("isolation.level", "read_committed");
        r.put(RunFields.STARTED_AT, "2025-01-01T12:00:00Z").put(RunFields.DURATION_SECONDS, Math.round(facts.end() / 1e7) / 100.0)
                .put(RunFields.STARTUP_SECONDS, 4.2);
        return r;
    }

    private static ObjectNode base(SyntheticHistory.Facts facts, boolean valid) {
        ObjectNode r = Json.object();
        r.put(ResultsFields.VALID, valid);
        r.putArray(ResultsFields.ANOMALY_TYPES);
        r.putObject(ResultsFields.ANOMALIES);
        ObjectNode stats = r.putObject(ResultsFields.STATS);
        stats.putObject("send").put("ok", facts.lines() / 3).put("fail", 12).put("info", 40);
        stats.putObject("poll").put("ok", facts.lines() / 10);
        stats.put(ResultsFields.Stats.UNSEEN, 0);
        ObjectNode replicas = stats.putObject(ResultsFields.Stats.REPLICAS);
        for (int p = 0; p < facts.partitions(); p++) {
            replicas.putObject(Integer.toString(p)).put("high-watermark", 1000 + p).put("replicas-checked", 3).put("batches", 200 + p);
        }
        r.putArray(ResultsFields.WARNINGS);
        return r;
    }

    private static ObjectNode valid(SyntheticHistory.Facts facts) {
        return base(facts, true);
    }

    private static ObjectNode invalid(SyntheticHistory.Facts facts) {
        ObjectNode r = base(facts, false);
        ArrayNode types = (ArrayNode) r.get(ResultsFields.ANOMALY_TYPES);
        ObjectNode an = (ObjectNode) r.get(ResultsFields.ANOMALIES);
        List<SyntheticHistory.Acked> acked = facts.ackedSamples();
        ObjectNode lost = an.putObject("lost-write").put(ResultsFields.Anomaly.COUNT, 1234);
        for (SyntheticHistory.Acked a : acked.subList(0, Math.min(20, acked.size()))) {
            lost.withArray(ResultsFields.Anomaly.EXAMPLES).addObject().put("partition", a.partition()).put("offset", a.offset())
                    .put("value", a.value()).put("index", a.index());
        }
        ObjectNode byFault = lost.putObject(ResultsFields.Anomaly.BY_FAULT).put(ResultsFields.ByFault.TIMED, 1234).put(ResultsFields.ByFault.OUTSIDE, 234);
        byFault.putArray(ResultsFields.ByFault.WINDOWS).addObject().put(ResultsFields.ByFault.WINDOW, 1).put(ResultsFields.ByFault.F, "kill")
                .put(ResultsFields.ByFault.START_S, 1.0).put(ResultsFields.ByFault.END_S, 2.0).put(ResultsFields.ByFault.CASES, 1000);
        ObjectNode dup = an.putObject("duplicate").put(ResultsFields.Anomaly.COUNT, 2);
        SyntheticHistory.Acked x = facts.xss();
        if (x != null) {
            dup.withArray(ResultsFields.Anomaly.EXAMPLES).addObject().put("partition", x.partition()).put("offset", x.offset()).put("key", XSS)
                    .put("value", x.value()).put("index", x.index()).put("read-index", x.index() + 3).put("note", XSS);
        }
        SyntheticHistory.Acked failed = facts.xssFail();
        if (failed != null) {
            ObjectNode g1a = an.putObject("G1a").put(ResultsFields.Anomaly.COUNT, 1);
            g1a.withArray(ResultsFields.Anomaly.EXAMPLES).addObject().put("partition", 0).put("offset", 99).put("value", failed.value())
                    .put("index", failed.index());
            types.add("G1a");
        }
        ObjectNode div = an.putObject("replica-divergence").put(ResultsFields.Anomaly.COUNT, 1);
        div.withArray(ResultsFields.Anomaly.EXAMPLES).addObject().put("partition", 1).put("offset", 17).put(ResultsFields.Stats.REPLICAS, "1,3")
                .put("detail", "batch CRC differs at offset 17");
        types.add("duplicate").add("lost-write").add("replica-divergence");
        java.util.List<String> sorted = new java.util.ArrayList<>();
        types.forEach(t -> sorted.add(t.asText()));
        java.util.Collections.sort(sorted);
        types.removeAll();
        sorted.forEach(types::add);
        r.withArray(ResultsFields.WARNINGS).add("3 sends acknowledged after their timeout").add("consumer said: " + XSS);
        return r;
    }

    /** Leader changes: every kill moves leadership of partition 0 and 2 away from node 2, restart brings ISR back. */
    private static void writeLeaders(Path file, SyntheticHistory.Facts facts) throws IOException {
        StringBuilder b = new StringBuilder();
        int[] epoch = new int[facts.partitions()];
        for (int p = 0; p < facts.partitions(); p++) b.append(leader(0, p, 1 + p % SyntheticHistory.NODES, epoch[p], "[1,2,3]"));
        for (SyntheticHistory.Fault f : facts.faults()) {
            if (!f.f().equals("kill") && !f.f().equals("partition")) continue;
            for (int p = 0; p < facts.partitions(); p++) {
                int old = 1 + p % SyntheticHistory.NODES;
                if (f.f().equals("kill") && old != 2) continue;
                int fresh = old == 1 ? 2 : 1;
                if (f.f().equals("partition")) b.append(leader(f.start() + 100_000_000L, p, -1, epoch[p], "[" + old + "]"));
                b.append(leader(f.start() + 300_000_000L, p, fresh, ++epoch[p], f.f().equals("kill") ? "[1,3]" : "[2,3]"));
                b.append(leader(f.end() + 500_000_000L, p, fresh, epoch[p], "[1,2,3]"));
            }
        }
        b.append("{not json\n");
        Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
    }

    private static String leader(long time, int p, int node, int epoch, String isr) {
        return "{\"time\":" + time + ",\"partition\":" + p + ",\"leader\":" + node + ",\"epoch\":" + epoch + ",\"isr\":" + isr + "}\n";
    }
}
