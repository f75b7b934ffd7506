package io.kchaos.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.report.Format;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A checker's figures (results.json {@code stats}) as one flat table a person reads down: each figure on a row named
 * by its path in words ({@code send ok}, {@code txn committed}), a list of numbers joined by commas, an ok/fail/info
 * triple on one row; no JSON in a cell. Sections the report draws elsewhere are left out by the caller.
 */
final class StatsTable {
    private static final int MAX_ROWS = 300;
    private static final int MAX_LIST = 20;

    private StatsTable() {
    }

    /** The rows of {@code stats}: a label and its value as text. */
    static List<String[]> rows(JsonNode stats) {
        List<String[]> out = new ArrayList<>();
        flatten("", stats, out);
        return out;
    }

    static void render(Html h, JsonNode stats) {
        List<String[]> rows = rows(stats);
        if (rows.isEmpty()) {
            h.el("p", "No figures.", "class", "muted");
            return;
        }
        h.open("table", "class", "kv");
        rows.stream().limit(MAX_ROWS).forEach(r -> h.row("td", r[0], r[1]));
        if (rows.size() > MAX_ROWS) h.row("td", "…", (rows.size() - MAX_ROWS) + " more figures in results.json");
        h.close("table");
    }

    private static void flatten(String label, JsonNode n, List<String[]> out) {
        if (n == null || n.isMissingNode()) return;
        if (n.isObject() && isOutcomeCounts(n)) {
            out.add(new String[] {label + " ok / fail / info", n.path("ok").asText() + " / " + n.path("fail").asText() + " / " + n.path("info").asText()});
        } else if (n.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                flatten(label.isEmpty() ? words(e.getKey()) : label + " " + words(e.getKey()), e.getValue(), out);
            }
        } else if (n.isArray()) {
            out.add(new String[] {label, list(n)});
        } else {
            out.add(new String[] {label, n.isNull() ? Format.UNKNOWN : n.asText()});
        }
    }

    /** An object of exactly ok, fail and info counts. */
    private static boolean isOutcomeCounts(JsonNode n) {
        return n.size() == 3 && n.path("ok").isNumber() && n.path("fail").isNumber() && n.path("info").isNumber();
    }

    private static String list(JsonNode a) {
        if (a.isEmpty()) return "(none)";
        StringJoiner j = new StringJoiner(", ");
        int i = 0;
        for (JsonNode e : a) {
            if (i++ == MAX_LIST) {
                j.add("… " + (a.size() - MAX_LIST) + " more");
                break;
            }
            j.add(e.isValueNode() ? e.asText() : rows(e).stream().map(r -> r[0] + " " + r[1]).reduce((x, y) -> x + "; " + y).orElse(""));
        }
        return j.toString();
    }

    /** {@code "records-read"} → {@code "records read"}. */
    static String words(String key) {
        return key.replace('-', ' ');
    }
}
