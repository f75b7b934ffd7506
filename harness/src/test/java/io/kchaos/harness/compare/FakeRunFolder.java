package io.kchaos.harness.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Test helper: writes a small run folder (run.json, results.json, history.jsonl) as a finished run leaves it. */
public final class FakeRunFolder {
    private FakeRunFolder() {
    }

    /**
     * @param sends one entry per send: latency in ms, then outcome "ok", "fail" or "refused" (a NotEnoughReplicas fail)
     */
    public static Path write(Path dir, String kafkaVersion, Map<String, String> brokerSettings, Map<String, Long> anomalies,
                             List<Object[]> sends) throws IOException {
        Files.createDirectories(dir);
        StringBuilder settings = new StringBuilder();
        brokerSettings.forEach((k, v) -> settings.append(settings.length() == 0 ? "" : ",").append('"').append(k).append("\":\"").append(v).append('"'));
        Files.writeString(dir.resolve("run.json"), "{\"kafka-version\":\"" + kafkaVersion + "\",\"scenario\":\"s\",\"broker-settings\":{"
                + settings + "},\"producer-config\":{\"acks\":\"all\"}}");
        StringBuilder an = new StringBuilder();
        anomalies.forEach((k, v) -> an.append(an.length() == 0 ? "" : ",").append('"').append(k).append("\":{\"count\":").append(v).append(",\"examples\":[]}"));
        Files.writeString(dir.resolve("results.json"), "{\"valid\":" + anomalies.isEmpty() + ",\"anomaly-types\":[],\"anomalies\":{" + an
                + "},\"stats\":{\"availability\":{\"longest-no-ok-send-s\":1.5}},\"warnings\":[]}");
        List<String> lines = new ArrayList<>();
        long t = 1_000_000;
        int i = 0;
        for (Object[] s : sends) {
            long latencyNanos = ((Number) s[0]).longValue() * 1_000_000L;
            String outcome = (String) s[1];
            lines.add("{\"index\":" + i++ + ",\"time\":" + t + ",\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k\",\"value\":" + i + "}}");
            t += latencyNanos;
            String type = outcome.equals("ok") ? "ok" : "fail";
            String error = outcome.equals("refused") ? ",\"error\":\"NotEnoughReplicasException: rejected\"" : outcome.equals("fail") ? ",\"error\":\"X\"" : "";
            lines.add("{\"index\":" + i++ + ",\"time\":" + t + ",\"process\":0,\"type\":\"" + type + "\",\"f\":\"send\",\"value\":{\"key\":\"k\",\"value\":" + i + "}" + error + "}");
        }
        Files.write(dir.resolve("history.jsonl"), lines);
        return dir;
    }

    /** Makes a written folder a run given {@code isr-shrink} none of whose faults held (results: {@code faults-injected: 0}). */
    public static Path noFaultHeld(Path dir) throws IOException {
        Path run = dir.resolve("run.json");
        Files.writeString(run, Files.readString(run).replaceFirst("\\{", "{\"nemesis\":[\"isr-shrink\"],"));
        Path results = dir.resolve("results.json");
        Files.writeString(results, Files.readString(results).replace("\"stats\":{", "\"stats\":{\"faults-injected\":0,"));
        return dir;
    }

    /** {@code n} sends of the same latency and outcome. */
    public static List<Object[]> sends(int n, long latencyMs, String outcome) {
        List<Object[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(new Object[]{latencyMs, outcome});
        return out;
    }
}
