package io.kchaos.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Op;
import io.kchaos.checker.result.Verdict;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.report.ExampleFields;
import io.kchaos.report.Format;
import io.kchaos.report.Results;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.history.folder.ResultsFields.ByFault;
import io.kchaos.history.folder.ResultsFields.KnownCause;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;

/**
 * The consistency model the anomalies were judged under, then one part per anomaly type: count, forbidden or allowed
 * under the model, definition, and the first examples with links into the history excerpts.
 */
final class AnomaliesSection implements Section {
    private static final Set<String> SHOWN_FIELDS = Set.of("index", "partition", "offset", "key", "value", "values");

    private final Results results;
    private final ModelMarks marks;
    private final SortedMap<Long, Op> lines;
    private final Map<Integer, String> windowLabels = new HashMap<>();

    AnomaliesSection(ReportContext ctx) {
        this.results = ctx.folder().results();
        this.marks = new ModelMarks(results);
        this.lines = ctx.digest().excerpts();
        for (FaultWindow w : ctx.digest().windows()) windowLabels.put(w.number(), w.label());
    }

    @Override
    public String id() {
        return "anomalies";
    }

    @Override
    public String title() {
        return "Anomalies";
    }

    @Override
    public void render(Html h) {
        if (results.verdict() != Verdict.UNKNOWN || !results.anomalies().isEmpty()) h.el("p", marks.line(), "class", "model");
        if (results.anomalies().isEmpty()) {
            h.el("p", results.verdict() == Verdict.UNKNOWN ? "Could not judge: " + results.reason() : "No anomaly found.");
            return;
        }
        h.open("ul");
        for (Results.Anomaly a : results.anomalies().values()) {
            h.open("li", "class", a.forbidden() ? "forbidden" : "allowed").link("#" + Anchors.anomaly(a.type()), a.type()).text(": " + count(a)).close("li");
        }
        h.close("ul");
        Set<String> ids = new HashSet<>();
        for (Results.Anomaly a : results.anomalies().values()) anomaly(h, a, ids);
    }

    /** The cases counted, and whether the consistency model the result was judged under forbids or allows the type. */
    private String count(Results.Anomaly a) {
        String cases = a.count() < 0 ? "count unknown" : a.count() + (a.count() == 1 ? " case" : " cases");
        return cases + ", " + marks.mark(a);
    }

    private void anomaly(Html h, Results.Anomaly a, Set<String> ids) {
        String id = Anchors.anomaly(a.type());
        while (!ids.add(id)) id = id + "_";
        h.open("h3", "id", id).text(a.type() + " ").el("span", count(a), "class", "count").close("h3");
        h.el("p", Anomalies.definition(a.type()), "class", "def");
        byFault(h, a.byFault());
        for (JsonNode cause : a.knownCauses()) knownCause(h, cause);
        List<JsonNode> shown = ExampleFields.shown(a);
        if (shown.isEmpty()) {
            h.el("p", "no examples in results.json", "class", "muted");
            return;
        }
        if (a.count() > shown.size()) h.el("p", "first " + shown.size() + " of " + a.count() + " cases", "class", "muted");
        h.open("table", "class", "grid").row("th", "#", "history index", "process", "partition", "offset", "key",
                "value", "time (s)", "other lines", "details");
        int n = 0;
        for (JsonNode ex : shown) example(h, ++n, ex);
        h.close("table");
    }

    /**
     * Where the cases fell among the faults (results.json {@code by-fault}): per window, how many cases were acknowledged
     * in it or within 1 s before it opened, and how many in none; the evidence that lays a loss at a fault's door.
     */
    private void byFault(Html h, JsonNode tally) {
        if (!tally.path(ByFault.TIMED).canConvertToLong()) return;
        long timed = tally.path(ByFault.TIMED).asLong();
        h.open("p", "class", "by-fault").text("By fault (acknowledged while the window was open or within 1 s before it opened), of "
                + timed + " timed " + (timed == 1 ? "case" : "cases") + ": ");
        for (JsonNode w : tally.path(ByFault.WINDOWS)) {
            int number = w.path(ByFault.WINDOW).asInt();
            String label = windowLabels.getOrDefault(number, w.path(ByFault.F).asText());
            h.el("b", w.path(ByFault.CASES).asLong() + " in #" + number + " " + label)
                    .text(" (" + w.path(ByFault.START_S).asText() + "–" + w.path(ByFault.END_S).asText() + " s); ");
        }
        h.text(tally.path(ByFault.OUTSIDE).asLong() + " outside every fault window.").close("p");
    }

    /**
     * A Kafka behaviour known to produce these cases, named because the run's evidence matched it (results.json
     * {@code known-causes}): one sentence, where it is explained, then each matched case's evidence. Not an excuse:
     * the cases stay.
     */
    private static void knownCause(Html h, JsonNode cause) {
        h.open("p", "class", "known-cause").el("b", "Known Kafka cause: ").text(cause.path(KnownCause.SUMMARY).asText() + " ("
                + cause.path(KnownCause.EXPLAINED).asInt() + " of the " + cause.path(KnownCause.OF).asInt()
                + " examples below; " + cause.path(KnownCause.FINDING).asText() + "). The cases stay anomalies.").close("p");
        h.open("table", "class", "grid").row("th", "value", "partition", "producer id", "first copy (offset, epoch, sequence)",
                "again (offset, epoch, sequence)", "the broker's refusal");
        for (JsonNode e : cause.path(KnownCause.EVIDENCE)) {
            h.open("tr").el("td", JsonView.cell(e.get("value"))).el("td", JsonView.cell(e.get("partition")))
                    .el("td", JsonView.cell(e.get(KnownCause.PRODUCER_ID))).el("td", copy(e.path(KnownCause.FIRST)))
                    .el("td", copy(e.path(KnownCause.AGAIN)));
            JsonNode r = e.path(KnownCause.REFUSAL);
            h.el("td", "node " + r.path(KnownCause.NODE).asText() + " at " + r.path(KnownCause.TIME).asText("?") + ": sequence "
                    + r.path(KnownCause.INCOMING_SEQUENCE).asText() + " refused, end sequence " + r.path(KnownCause.END_SEQUENCE).asText()
                    + ", log end " + r.path(KnownCause.LOG_END_OFFSET).asText(), "class", "mono");
            h.close("tr");
        }
        h.close("table");
    }

    private static String copy(JsonNode c) {
        return c.path(KnownCause.OFFSET).asText() + ", " + c.path(KnownCause.PRODUCER_EPOCH).asText() + ", " + c.path(KnownCause.SEQUENCE).asText();
    }

    private void example(Html h, int n, JsonNode ex) {
        OptionalLong index = ExampleFields.index(ex);
        Op op = index.isPresent() ? lines.get(index.getAsLong()) : null;
        h.open("tr").el("td", n).open("td");
        if (index.isPresent()) indexLink(h, index.getAsLong());
        else h.text("—");
        h.close("td");
        h.el("td", op == null ? Format.UNKNOWN : Anchors.process(op));
        h.el("td", JsonView.cell(ex.get("partition")));
        h.el("td", JsonView.cell(ex.get("offset")));
        h.el("td", JsonView.cell(ex.get("key")));
        h.el("td", JsonView.cell(ex.has("value") ? ex.get("value") : ex.get("values")));
        h.el("td", op == null ? Format.UNKNOWN : Format.seconds(op.time()));
        h.open("td");
        for (long i : ExampleFields.otherIndices(ex)) {
            indexLink(h, i);
            h.text(" ");
        }
        h.close("td");
        h.el("td", details(ex), "class", "mono");
        h.close("tr");
    }

    private void indexLink(Html h, long index) {
        if (lines.containsKey(index)) h.link("#" + Anchors.historyLine(index), index);
        else h.text(index);
    }

    private static String details(JsonNode ex) {
        if (!ex.isObject()) return JsonView.cell(ex);
        ObjectNode rest = ((ObjectNode) ex).deepCopy();
        Iterator<Map.Entry<String, JsonNode>> it = rest.properties().iterator();
        while (it.hasNext()) {
            String k = it.next().getKey();
            if (SHOWN_FIELDS.contains(k) || k.endsWith("index") || k.endsWith("indices")) it.remove();
        }
        return rest.isEmpty() ? "" : JsonView.compact(rest);
    }
}
