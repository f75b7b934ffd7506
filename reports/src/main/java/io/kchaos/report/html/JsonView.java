package io.kchaos.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.report.Format;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Renders any JSON value (stats sections whose shape this module does not own) as nested tables, escaped and bounded. */
final class JsonView {
    private static final int MAX_DEPTH = 3;
    private static final int MAX_ROWS = 200;
    private static final int MAX_COLUMNS = 12;
    private static final int MAX_TEXT = 300;

    private JsonView() {
    }

    static void render(Html h, JsonNode n) {
        render(h, n, 0);
    }

    private static void render(Html h, JsonNode n, int depth) {
        if (n == null || n.isMissingNode() || n.isNull()) {
            h.el("span", Format.UNKNOWN, "class", "muted");
        } else if (n.isValueNode()) {
            h.text(Format.clip(n.asText(), MAX_TEXT));
        } else if (depth >= MAX_DEPTH) {
            h.el("code", compact(n));
        } else if (n.isObject()) {
            object(h, n, depth);
        } else if (isTableOfObjects(n)) {
            arrayOfObjects(h, n);
        } else {
            h.el("code", compact(n));
        }
    }

    private static void object(Html h, JsonNode n, int depth) {
        if (n.size() == 0) {
            h.el("span", "(empty)", "class", "muted");
            return;
        }
        h.open("table", "class", "kv");
        Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator();
        int rows = 0;
        while (it.hasNext() && rows++ < MAX_ROWS) {
            Map.Entry<String, JsonNode> e = it.next();
            h.open("tr").el("th", e.getKey()).open("td");
            render(h, e.getValue(), depth + 1);
            h.close("td").close("tr");
        }
        if (n.size() > MAX_ROWS) h.open("tr").el("td", "… " + (n.size() - MAX_ROWS) + " more", "colspan", "2").close("tr");
        h.close("table");
    }

    private static boolean isTableOfObjects(JsonNode n) {
        if (!n.isArray() || n.size() == 0) return false;
        for (JsonNode e : n) {
            if (!e.isObject()) return false;
        }
        return true;
    }

    private static void arrayOfObjects(Html h, JsonNode n) {
        Set<String> columns = new LinkedHashSet<>();
        for (JsonNode e : n) {
            e.fieldNames().forEachRemaining(f -> {
                if (columns.size() < MAX_COLUMNS) columns.add(f);
            });
        }
        List<String> cols = new ArrayList<>(columns);
        h.open("table", "class", "grid").open("tr");
        cols.forEach(c -> h.el("th", c));
        h.close("tr");
        int rows = 0;
        for (JsonNode e : n) {
            if (rows++ >= MAX_ROWS) break;
            h.open("tr");
            for (String c : cols) h.el("td", cell(e.get(c)));
            h.close("tr");
        }
        if (n.size() > MAX_ROWS) h.open("tr").el("td", "… " + (n.size() - MAX_ROWS) + " more", "colspan", "" + cols.size()).close("tr");
        h.close("table");
    }

    /** A value as one line of text: scalars as is, containers as compact JSON, cut when long. */
    static String cell(JsonNode n) {
        if (n == null || n.isMissingNode() || n.isNull()) return "";
        return n.isValueNode() ? Format.clip(n.asText(), MAX_TEXT) : compact(n);
    }

    static String compact(JsonNode n) {
        return Format.clip(n.toString(), MAX_TEXT);
    }
}
