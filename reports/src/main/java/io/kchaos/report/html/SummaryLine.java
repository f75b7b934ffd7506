package io.kchaos.report.html;

import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.RunFields;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Verdict;
import io.kchaos.report.Format;
import io.kchaos.report.Results;
import io.kchaos.report.RunInfo;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.HistoryDigest;

import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The report's opening in words, before any table: what ran (workload, length, cluster, faults injected and whether
 * each held), what held or broke (acknowledged writes read back, or the anomalies), and the worst stall.
 */
final class SummaryLine {
    private SummaryLine() {
    }

    static String text(RunInfo run, Results results, HistoryDigest digest) {
        StringJoiner s = new StringJoiner(" ");
        s.add(whatRan(run, digest));
        s.add(whatHeld(results, digest));
        String stall = worstStall(results.stats().path(ResultsFields.Stats.AVAILABILITY));
        if (stall != null) s.add(stall);
        return s.toString();
    }

    private static String whatRan(RunInfo run, HistoryDigest digest) {
        StringBuilder b = new StringBuilder("The ").append(run.text(RunFields.WORKLOAD)).append(" workload ran ");
        String secs = run.text(RunFields.DURATION_SECONDS);
        if (!Format.UNKNOWN.equals(secs)) b.append(secs).append(" s ");
        b.append("on ").append(run.text(RunFields.NODES)).append(" nodes of Kafka ").append(run.kafkaVersions());
        Map<String, Integer> byF = new TreeMap<>();
        int held = 0;
        for (FaultWindow w : digest.windows()) {
            byF.merge(w.f(), 1, Integer::sum);
            if (w.held()) held++;
        }
        if (byF.isEmpty()) return b.append(", with no fault.").toString();
        StringJoiner kinds = new StringJoiner(", ");
        byF.forEach((f, n) -> kinds.add(n + " " + f));
        int faults = digest.windows().size();
        b.append(" under ").append(faults).append(faults == 1 ? " fault (" : " faults (").append(kinds).append(")");
        if (held == faults) b.append(", each seen to hold.");
        else b.append(", ").append(held).append(" of them seen to hold.");
        return b.toString();
    }

    private static String whatHeld(Results r, HistoryDigest digest) {
        long acked = digest.overall().sendOkCount();
        Verdict v = r.verdict();
        if (v == Verdict.INVALID) {
            StringJoiner j = new StringJoiner(", ");
            r.anomalies().values().forEach(a -> j.add(a.type() + " (" + (a.count() < 0 ? "?" : a.count()) + ")"));
            return "Of " + count(acked) + " acknowledged sends, kchaos found anomalies: " + j + ".";
        }
        if (v != Verdict.VALID) return "It could not be judged: " + Format.orUnknown(r.reason()) + ".";
        long unseen = r.stats().path(ResultsFields.Stats.UNSEEN).asLong(0);
        long expired = r.stats().path(ResultsFields.Stats.EXPIRED).asLong(0);
        StringBuilder b = new StringBuilder("No anomaly: ");
        if (unseen == 0 && expired == 0) b.append("every one of ").append(count(acked)).append(" acknowledged sends was read back where it was acknowledged");
        else b.append(count(acked)).append(" acknowledged sends, ").append(count(unseen)).append(" never read (unseen) and ")
                .append(count(expired)).append(" deleted by retention");
        return b.append(".").toString();
    }

    private static String worstStall(JsonNode availability) {
        JsonNode gap = availability.path(ResultsFields.Availability.LONGEST_NO_OK_SEND_S);
        if (!gap.isNumber()) return null;
        return "The longest stretch without an acknowledged send was " + gap.asText() + " s, from "
                + availability.path(ResultsFields.Availability.LONGEST_NO_OK_SEND_FROM_S).asText("?") + " s.";
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
