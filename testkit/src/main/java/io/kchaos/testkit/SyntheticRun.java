package io.kchaos.testkit;

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
                Path node = Files.createDirectories(files.nodes().resolve(Integer.toString(n)));
                Files.writeString(node.resolve("server.log"), "[broker " + n + "] started\n", StandardCharsets.UTF_8);
            }
            return facts.lines();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write synthetic run " + dir, e);
        }
    }

    private static ObjectNode runJson(SyntheticHistory.Facts facts, long seed) {
        ObjectNode r = Json.object();
        r.put("name", "synthetic-" + seed).put("command", "./kchaos run --nemesis kill-leader,pause,partition,slow --seed " + seed
                + " --producer-config acks=all --broker-config min.insync.replicas=2");
        r.put("scenario", "synthetic").put("seed", seed).put("kafka-version", "4.1.1").put("backend", "local");
        r.put("nodes", SyntheticHistory.NODES).put("topic", "kchaos-queue").put("partitions", facts.partitions());
        r.put("replication-factor", 3).put("time-limit-seconds", (int) (facts.end() / 1e9)).put("workload", "queue");
        ArrayNode nemesis = r.putArray("nemesis");
        nemesis.add("kill-leader").add("pause").add("partition").add("slow");
        r.put("nemesis-interval-seconds", 10).put("rate", 2000);
        r.putObject("broker-config").put("min.insync.replicas", "2").put("unclean.leader.election.enable", "false");
        r.putObject("producer-config").put("acks", "all").put("enable.idempotence", "true").put("client.id", XSS);
        r.putObject("consumer-config").put("isolation.level", "read_committed");
        r.put("started-at", "2025-01-01T12:00:00Z").put("duration-seconds", Math.round(facts.end() / 1e7) / 100.0)
                .put("startup-seconds", 4.2);
        return r;
    }

    private static ObjectNode base(SyntheticHistory.Facts facts, boolean valid) {
        ObjectNode r = Json.object();
        r.put("valid", valid);
        r.putArray("anomaly-types");
        r.putObject("anomalies");
        ObjectNode stats = r.putObject("stats");
        stats.putObject("send").put("ok", facts.lines() / 3).put("fail", 12).put("info", 40);
        stats.putObject("poll").put("ok", facts.lines() / 10);
        stats.put("unseen", 0);
        ObjectNode replicas = stats.putObject("replicas");
        for (int p = 0; p < facts.partitions(); p++) {
            replicas.putObject(Integer.toString(p)).put("high-watermark", 1000 + p).put("replicas-checked", 3).put("batches", 200 + p);
        }
        r.putArray("warnings");
        return r;
    }

    private static ObjectNode valid(SyntheticHistory.Facts facts) {
        return base(facts, true);
    }

    private static ObjectNode invalid(SyntheticHistory.Facts facts) {
        ObjectNode r = base(facts, false);
        ArrayNode types = (ArrayNode) r.get("anomaly-types");
        ObjectNode an = (ObjectNode) r.get("anomalies");
        List<SyntheticHistory.Acked> acked = facts.ackedSamples();
        ObjectNode lost = an.putObject("lost-write").put("count", 1234);
        for (SyntheticHistory.Acked a : acked.subList(0, Math.min(20, acked.size()))) {
            lost.withArray("examples").addObject().put("partition", a.partition()).put("offset", a.offset())
                    .put("value", a.value()).put("index", a.index());
        }
        ObjectNode dup = an.putObject("duplicate").put("count", 2);
        SyntheticHistory.Acked x = facts.xss();
        if (x != null) {
            dup.withArray("examples").addObject().put("partition", x.partition()).put("offset", x.offset()).put("key", XSS)
                    .put("value", x.value()).put("index", x.index()).put("read-index", x.index() + 3).put("note", XSS);
        }
        SyntheticHistory.Acked failed = facts.xssFail();
        if (failed != null) {
            ObjectNode g1a = an.putObject("G1a").put("count", 1);
            g1a.withArray("examples").addObject().put("partition", 0).put("offset", 99).put("value", failed.value())
                    .put("index", failed.index());
            types.add("G1a");
        }
        ObjectNode div = an.putObject("replica-divergence").put("count", 1);
        div.withArray("examples").addObject().put("partition", 1).put("offset", 17).put("replicas", "1,3")
                .put("detail", "batch CRC differs at offset 17");
        types.add("duplicate").add("lost-write").add("replica-divergence");
        java.util.List<String> sorted = new java.util.ArrayList<>();
        types.forEach(t -> sorted.add(t.asText()));
        java.util.Collections.sort(sorted);
        types.removeAll();
        sorted.forEach(types::add);
        r.withArray("warnings").add("3 sends acknowledged after their timeout").add("consumer said: " + XSS);
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
