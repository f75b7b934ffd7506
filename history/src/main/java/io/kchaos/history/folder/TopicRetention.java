package io.kchaos.history.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.util.Optional;

/**
 * The retention policy of the workload's topics as created (run.json's {@code topic-retention}): how long and how many
 * bytes a partition keeps ({@code -1}: no limit), and when its segments roll. Kafka deletes whole closed segments, so
 * these say when a record may be gone, never that it must be.
 *
 * @param retentionMs    {@code retention.ms}: a closed segment whose newest record is older than this may be deleted; -1 never
 * @param retentionBytes {@code retention.bytes}: closed segments may be deleted while what stays is at least this; -1 never
 * @param segmentBytes   {@code segment.bytes}: a segment rolls at this size
 * @param segmentMs      {@code segment.ms}: a segment rolls once its first record is this old
 */
public record TopicRetention(long retentionMs, long retentionBytes, long segmentBytes, long segmentMs) {
    /** Kafka's defaults when neither the topic nor the brokers set them (7 days, no size limit, 1 GiB, 7 days). */
    public static final TopicRetention KAFKA_DEFAULTS = new TopicRetention(604_800_000L, -1, 1_073_741_824L, 604_800_000L);

    /** The run.json object. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put(RunFields.Retention.RETENTION_MS, retentionMs);
        o.put(RunFields.Retention.RETENTION_BYTES, retentionBytes);
        o.put(RunFields.Retention.SEGMENT_BYTES, segmentBytes);
        o.put(RunFields.Retention.SEGMENT_MS, segmentMs);
        return o;
    }

    /** The policy run.json recorded; empty for a run.json from before it, or one whose object lacks a field. */
    public static Optional<TopicRetention> of(RunJson run) {
        return of(run.field(RunFields.TOPIC_RETENTION));
    }

    /** The policy of a {@code topic-retention} object; empty when it is not one with four integers. */
    public static Optional<TopicRetention> of(JsonNode o) {
        String[] keys = {RunFields.Retention.RETENTION_MS, RunFields.Retention.RETENTION_BYTES,
                RunFields.Retention.SEGMENT_BYTES, RunFields.Retention.SEGMENT_MS};
        for (String k : keys) {
            if (!Json.isInteger(o.path(k))) return Optional.empty();
        }
        return Optional.of(new TopicRetention(o.get(keys[0]).asLong(), o.get(keys[1]).asLong(), o.get(keys[2]).asLong(),
                o.get(keys[3]).asLong()));
    }
}
