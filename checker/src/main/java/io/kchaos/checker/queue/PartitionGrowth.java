package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields.TopicPartitions;

/**
 * The figures of a topic that may have gained partitions mid-run ({@code stats.topic-partitions}): its partition count
 * at the start and at the end, and how many acknowledged sends and read records (polls and drains, a record read twice
 * counted twice) the history has on the partitions added, those numbered from the start count up. Records that name
 * their topic (a workload of several topics) are not counted: their partition numbers are not the topic's.
 */
public final class PartitionGrowth {
    private PartitionGrowth() {
    }

    public static ObjectNode figures(History history, int atStart, int atEnd) {
        long[] acked = {0};
        long[] read = {0};
        history.forEach(op -> {
            if (!op.isOk() || op.value() == null || op.isNemesis()) return;
            JsonNode v = op.value();
            if ("send".equals(op.f()) && added(v, atStart)) acked[0]++;
            for (JsonNode r : v.path("records")) if (added(r, atStart)) read[0]++;
        });
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put(TopicPartitions.AT_START, atStart);
        o.put(TopicPartitions.AT_END, Math.max(atStart, atEnd));
        o.put(TopicPartitions.ACKNOWLEDGED_ON_ADDED, acked[0]);
        o.put(TopicPartitions.READ_ON_ADDED, read[0]);
        return o;
    }

    private static boolean added(JsonNode holder, int atStart) {
        return !holder.hasNonNull("topic") && holder.path("partition").isInt() && holder.path("partition").asInt() >= atStart;
    }
}
