package io.kchaos.harness.bugs;

import io.kchaos.history.folder.RunFiles;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.harness.matrix.MatrixResult;
import io.kchaos.harness.matrix.RunOutcome;
import io.kchaos.harness.matrix.TextTable;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.history.Json;
import io.kchaos.report.bugs.BugCell;
import io.kchaos.report.bugs.BugsPage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished pack: every bug's answer on every release, checked against what the catalogue expects. Exit code 1 when an
 * answer contradicts its entry, else 2 when an answer is inconclusive where the entry did not expect it, else 0.
 * Renders the side-by-side table (console and bugs.txt), bugs.json and the page's cells.
 */
public record BugsResult(String command, List<KafkaVersion> releases, List<BugVerdict> verdicts) {

    /** 1 when an answer contradicts the catalogue ({@link BugVerdict#contradicts}), else 2 when one is otherwise unmet, else 0. */
    public int exitCode() {
        if (verdicts.stream().anyMatch(BugVerdict::contradicts)) return 1;
        return verdicts.stream().allMatch(BugVerdict::met) ? 0 : 2;
    }

    /** Wall time spent on a release's runs, seconds. */
    public double seconds(KafkaVersion release) {
        return verdicts.stream().filter(v -> v.release().equals(release)).mapToDouble(BugVerdict::seconds).sum();
    }

    /** One row per bug, one column per release, then each answer's why and the expectations. */
    public String table() {
        Map<String, Map<KafkaVersion, BugVerdict>> byBug = byBug();
        List<String[]> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("bug", "kind"));
        releases.forEach(r -> head.add("Kafka " + r));
        rows.add(head.toArray(String[]::new));
        byBug.forEach((bug, row) -> {
            BugVerdict any = row.values().iterator().next();
            List<String> r = new ArrayList<>(List.of(bug, any.bug().kind()));
            for (KafkaVersion v : releases) {
                BugVerdict b = row.get(v);
                r.add(b.exposure().word() + (b.met() ? "" : " (UNMET: expected " + b.expected().word() + ")"));
            }
            rows.add(r.toArray(String[]::new));
        });
        StringBuilder sb = new StringBuilder(TextTable.render(rows));
        sb.append("why:\n");
        byBug.forEach((bug, row) -> row.values().forEach(b -> sb.append("  ").append(bug).append(" on ").append(b.release()).append(": ")
                .append(b.why().startsWith(b.exposure().word()) ? "" : b.exposure().word() + " — ").append(b.why()).append('\n')));
        long unmet = verdicts.stream().filter(b -> !b.met()).count();
        sb.append(unmet == 0 ? "every answer as the catalogue's ranges expect (" + verdicts.size() + " of " + verdicts.size() + ")"
                : "UNMET: " + unmet + " of " + verdicts.size() + " answers differ from what the catalogue's ranges expect").append('\n');
        verdicts.stream().filter(b -> !b.met()).forEach(b -> sb.append(b.contradicts() ? "CONTRADICTS THE CATALOGUE: " : "UNDECIDED: ")
                .append(b.mismatch()).append('\n'));
        sb.append(BugsPage.counts(cells(null))).append('\n');
        List<String> times = new ArrayList<>();
        releases.forEach(r -> times.add(r + " " + Math.round(seconds(r)) + " s"));
        sb.append("time per release: ").append(String.join(", ", times)).append('\n');
        return sb.toString();
    }

    private Map<String, Map<KafkaVersion, BugVerdict>> byBug() {
        Map<String, Map<KafkaVersion, BugVerdict>> out = new LinkedHashMap<>();
        verdicts.forEach(v -> out.computeIfAbsent(v.bug().id(), k -> new LinkedHashMap<>()).put(v.release(), v));
        return out;
    }

    /** The page's cells; report links relative to {@code packDir} (null: no links). */
    public List<BugCell> cells(Path packDir) {
        List<BugCell> out = new ArrayList<>();
        for (BugVerdict b : verdicts) {
            out.add(new BugCell(b.bug().id(), b.bug().title(), b.bug().link(), b.release().toString(), b.exposure(), b.expected(), b.why(),
                    packDir == null ? null : reportLink(packDir, b.evidence()), b.seconds()));
        }
        return out;
    }

    private static String reportLink(Path packDir, RunOutcome r) {
        if (r == null || r.summary() == null) return null;
        Path html = new RunFiles(r.summary().dir()).report();
        if (!Files.isRegularFile(html)) return null;
        return packDir.toAbsolutePath().normalize().relativize(html).toString().replace('\\', '/');
    }

    /** bugs.json; run folders relative to {@code packDir}. */
    public ObjectNode toJson(Path packDir) {
        ObjectNode o = Json.object();
        o.put("command", command);
        ArrayNode rel = o.putArray("releases");
        releases.forEach(r -> rel.add(r.toString()));
        ObjectNode times = o.putObject("seconds-per-release");
        releases.forEach(r -> times.put(r.toString(), Math.round(seconds(r))));
        ArrayNode rows = o.putArray("answers");
        for (BugVerdict b : verdicts) {
            ObjectNode x = rows.addObject();
            x.put("bug", b.bug().id());
            x.put("release", b.release().toString());
            x.put("answer", b.exposure().word());
            x.put("expected", b.expected().word());
            x.put("met", b.met());
            x.put("why", b.why());
            x.put("seconds", Math.round(b.seconds()));
            ArrayNode runs = x.putArray("runs");
            b.runs().forEach(r -> runs.add(MatrixResult.runJson(r, packDir)));
        }
        o.put("exit-code", exitCode());
        return o;
    }
}
