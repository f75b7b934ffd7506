package io.kchaos.report.html;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The replica audit's per-partition figures (results.json {@code stats.replicas}) as one compact table per topic:
 * a row per partition; columns for the high watermark, the final ISR, each replica's log start–end offsets, batch
 * count and acknowledged writes checked, and the leader epochs.
 */
final class ReplicaFigures {
    private ReplicaFigures() {
    }

    /** {@code "kchaos-queue-2"} → topic {@code kchaos-queue}, partition 2 (topic names may contain dashes). */
    record TopicPartition(String topic, int partition) implements Comparable<TopicPartition> {
        static TopicPartition parse(String key) {
            int dash = key.lastIndexOf('-');
            try {
                return new TopicPartition(key.substring(0, dash), Integer.parseInt(key.substring(dash + 1)));
            } catch (RuntimeException e) {
                return new TopicPartition(key, -1);
            }
        }

        @Override
        public int compareTo(TopicPartition o) {
            int t = topic.compareTo(o.topic);
            return t != 0 ? t : Integer.compare(partition, o.partition);
        }
    }

    /**
     * One table per topic of the partitions audited (the objects of {@code stats.replicas}); the audit's own figures
     * (its scalar fields: log dirs, bytes read, seconds) go in one line before them, not in a table of their own.
     */
    static void render(Html h, JsonNode replicas) {
        Map<String, Map<TopicPartition, JsonNode>> byTopic = new TreeMap<>();
        StringJoiner audit = new StringJoiner(", ");
        for (Iterator<Map.Entry<String, JsonNode>> it = replicas.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isObject()) {
                audit.add(StatsTable.words(e.getKey()) + " " + e.getValue().asText());
                continue;
            }
            TopicPartition tp = TopicPartition.parse(e.getKey());
            byTopic.computeIfAbsent(tp.topic(), t -> new TreeMap<>()).put(tp, e.getValue());
        }
        if (audit.length() > 0) h.el("p", "The audit: " + audit + ".", "class", "muted");
        byTopic.forEach((topic, partitions) -> table(h, topic, partitions));
    }

    private static void table(Html h, String topic, Map<TopicPartition, JsonNode> partitions) {
        TreeSet<String> nodes = new TreeSet<>((a, b) -> Integer.compare(number(a), number(b)));
        partitions.values().forEach(p -> p.path("log-end-offsets").fieldNames().forEachRemaining(nodes::add));
        h.el("h3", "Topic " + topic);
        h.open("table", "class", "grid replica-figures");
        h.open("tr").el("th", "partition").el("th", "high watermark").el("th", "final ISR");
        for (String n : nodes) h.el("th", "node " + n + ": log start–end").el("th", "batches").el("th", "acked writes checked");
        h.el("th", "leader epochs (epoch@start offset)").close("tr");
        partitions.forEach((tp, p) -> {
            h.open("tr").el("td", tp.partition() < 0 ? tp.topic() : tp.partition());
            h.el("td", text(p.path("high-watermark")));
            h.el("td", list(p.path("final-isr")));
            for (String n : nodes) {
                h.el("td", text(p.path("log-start-offsets").path(n)) + "–" + text(p.path("log-end-offsets").path(n)));
                h.el("td", text(p.path("batches").path(n)));
                JsonNode acked = p.path("acked-writes").path(n);
                h.el("td", acked.isMissingNode() ? "" : ackedCell(acked));
            }
            h.el("td", epochs(p.path("epochs")));
            h.close("tr");
        });
        h.close("table");
    }

    private static String ackedCell(JsonNode acked) {
        StringBuilder b = new StringBuilder(text(acked.path("checked")));
        if (acked.path("unverifiable").asLong() > 0) b.append(" (").append(acked.path("unverifiable").asLong()).append(" unverifiable)");
        if (acked.path("below-log-start").asLong() > 0) b.append(" (").append(acked.path("below-log-start").asLong()).append(" below log start)");
        return b.toString();
    }

    private static String epochs(JsonNode epochs) {
        List<String> out = new ArrayList<>();
        epochs.forEach(e -> out.add(e.isArray() && e.size() == 2 ? e.get(0).asText() + "@" + e.get(1).asText() : e.toString()));
        return String.join(" ", out);
    }

    private static String list(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return String.join(", ", out);
    }

    private static String text(JsonNode n) {
        return n.isMissingNode() || n.isNull() ? "–" : n.asText();
    }

    private static int number(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }
}
