package io.kchaos.report.html;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.report.RunContents;
import io.kchaos.report.scan.HistoryScan;
import io.kchaos.testkit.SyntheticRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Run section's effective settings and the Replicas section's compact per-topic table, rendered from files. */
class RunSectionsTest {
    @TempDir
    Path dir;

    private String render(Path run) {
        RunContents folder = RunContents.read(run);
        return RunPage.render(folder, HistoryScan.scan(run.resolve("history.jsonl"), List.of()));
    }

    private static void setting(ObjectNode kind, String key, String value, String from) {
        kind.putObject(key).put("value", value).put("from", from);
    }

    @Test
    void theRunSectionShowsEffectiveSettingsMarkedByWhereTheyCameFrom() throws Exception {
        Path run = dir.resolve("r");
        SyntheticRun.write(run, 500, false, 1);
        ObjectNode json = (ObjectNode) Json.MAPPER.readTree(run.resolve("run.json").toFile());
        ObjectNode eff = json.putObject("effective-settings");
        ObjectNode broker = eff.putObject("broker");
        setting(broker, "min.insync.replicas", "2", "scenario");
        setting(broker, "unclean.leader.election.enable", "false", "kchaos");
        setting(broker, "log.flush.interval.messages", "<1>", "user");
        setting(eff.putObject("producer"), "acks", "1", "user");
        setting(eff.putObject("consumer"), "enable.auto.commit", "false", "kchaos");
        Json.PRETTY.writeValue(run.resolve("run.json").toFile(), json);

        String html = render(run);
        assertTrue(html.contains("<tr class=\"from-scenario\"><td>min.insync.replicas</td><td>2</td><td>scenario</td></tr>"), html);
        assertTrue(html.contains("<tr class=\"from-kchaos\"><td>unclean.leader.election.enable</td><td>false</td><td>kchaos</td></tr>"));
        assertTrue(html.contains("<tr class=\"from-user\"><td>acks</td><td>1</td><td>user</td></tr>"));
        assertTrue(html.contains("<td>&lt;1&gt;</td>"), "values are escaped");
        assertTrue(html.contains("<h3>consumer settings</h3>"));
        assertFalse(html.contains("(defaults)"), "effective settings replace the given-only view");
    }

    @Test
    void theNodeFilesSayWhenTheBrokersDataWasPruned() throws Exception {
        Path run = dir.resolve("p");
        SyntheticRun.write(run, 500, false, 2);
        assertFalse(render(run).contains("pruned to replica digests"));
        java.nio.file.Files.writeString(run.resolve("pruned.json"), "{\"bytes-before\": 3100000000, \"bytes-after\": 2400000}");
        assertTrue(render(run).contains("Broker data pruned to replica digests after the VALID verdict: 3.1 GB -&gt; 2.4 MB"), render(run));
    }

    @Test
    void theWorkloadRowNamesWhatTheWorkloadChoseAtStart() throws Exception {
        Path run = dir.resolve("g");
        SyntheticRun.write(run, 500, false, 3);
        ObjectNode json = (ObjectNode) Json.MAPPER.readTree(run.resolve("run.json").toFile());
        json.put("workload", "group").putObject("workload-choices").put("group-protocol", "consumer");
        Json.PRETTY.writeValue(run.resolve("run.json").toFile(), json);
        String html = render(run);
        assertTrue(html.contains("<td>workload</td><td>group (group-protocol=consumer)</td>"), html);
    }

    @Test
    void theClientRowNamesTheLibraryAndItsVersions() throws Exception {
        Path run = dir.resolve("c");
        SyntheticRun.write(run, 500, false, 4);
        assertTrue(render(run).contains("<td>client</td><td>java</td>"), "a run.json from before clients were recorded");
        ObjectNode json = (ObjectNode) Json.MAPPER.readTree(run.resolve("run.json").toFile());
        json.putObject("client").put("kind", "librdkafka").put("librdkafka", "2.0.2").put("binding", "confluent-kafka-python 1.7.0");
        Json.PRETTY.writeValue(run.resolve("run.json").toFile(), json);
        assertTrue(render(run).contains("<td>client</td><td>librdkafka 2.0.2 (confluent-kafka-python 1.7.0)</td>"));
        json.putObject("client").put("kind", "java").put("version", "4.1.1");
        Json.PRETTY.writeValue(run.resolve("run.json").toFile(), json);
        assertTrue(render(run).contains("<td>client</td><td>java 4.1.1</td>"));
    }

    @Test
    void theRunSectionNamesTheSecurityModeAndTheTopicSettings() throws Exception {
        Path run = dir.resolve("s");
        SyntheticRun.write(run, 500, false, 5);
        String before = render(run);
        assertTrue(before.contains("<td>security</td><td>plaintext</td>"), "a run.json from before --security: " + before);
        assertFalse(before.contains("<h3>topic-config</h3>"), "no topic settings, no table");
        ObjectNode json = (ObjectNode) Json.MAPPER.readTree(run.resolve("run.json").toFile());
        json.put("security", "sasl-scram");
        json.putObject("topic-config").put("local.retention.ms", "-2").put("retention.bytes", "2200000");
        Json.PRETTY.writeValue(run.resolve("run.json").toFile(), json);
        String html = render(run);
        assertTrue(html.contains("<td>security</td><td>sasl-scram</td>"), html);
        assertTrue(html.contains("<h3>topic-config</h3>") && html.contains("<td>retention.bytes</td><td>2200000</td>"), html);
    }

    @Test
    void anOlderRunJsonWithoutEffectiveSettingsStillShowsWhatWasGiven() {
        Path run = dir.resolve("old");
        SyntheticRun.write(run, 500, false, 2);
        String html = render(run);
        assertTrue(html.contains("<h3>broker-config</h3>"), html);
    }

    @Test
    void replicaFiguresAreOneCompactTablePerTopic() {
        ObjectNode replicas = Json.object();
        for (int p = 0; p < 2; p++) {
            ObjectNode s = replicas.putObject("kchaos-queue-" + p);
            s.putArray("final-isr").add(1).add(2);
            s.put("high-watermark", 900 + p);
            s.putArray("epochs").add(Json.MAPPER.createArrayNode().add(2).add(0)).add(Json.MAPPER.createArrayNode().add(4).add(310));
            for (String n : List.of("1", "2", "3")) {
                s.with("log-start-offsets").put(n, 0);
                s.with("log-end-offsets").put(n, 900 + p);
                s.with("batches").put(n, 45);
                s.with("acked-writes").putObject(n).put("checked", 880).put("unverifiable", n.equals("3") ? 2 : 0).put("below-log-start", 0);
            }
        }
        replicas.putObject("__consumer-offsets-with-dashes-7").put("high-watermark", 3);
        Html h = new Html();
        ReplicaFigures.render(h, replicas);
        String out = h.toString();
        assertTrue(out.contains("<h3>Topic kchaos-queue</h3>"), out);
        assertTrue(out.contains("<h3>Topic __consumer-offsets-with-dashes</h3>"), "a topic name with dashes: " + out);
        assertTrue(out.contains("<th>node 3: log start–end</th><th>batches</th><th>acked writes checked</th>"), out);
        assertTrue(out.contains("<tr><td>1</td><td>901</td><td>1, 2</td><td>0–901</td><td>45</td><td>880</td>"), out);
        assertTrue(out.contains("<td>880 (2 unverifiable)</td>"), out);
        assertTrue(out.contains("<td>2@0 4@310</td>"), out);
        assertFalse(out.contains("{"), "no JSON dump left: " + out);
    }
}
