package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ValuePadding;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.RunJson;
import io.kchaos.history.folder.TopicRetention;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the checker knows of a run's retention, from its run.json: the topics' policy ({@code topic-retention}),
 * whether the producers were idempotent, how far the brokers' clocks may be from the harness's, and how many bytes of
 * padding the values carried.
 *
 * @param topic        the policy the topics were created with, widened by any live change the history records
 * @param idempotent   the producers ran with {@code enable.idempotence=true}: a send puts at most one record in a log
 * @param clockSlackMs how much later a broker's clock may read than the harness's, in milliseconds
 * @param valueBytes   the size the record values were padded to ({@link ValuePadding#OPTION}); 0: not padded
 */
public record RetentionPolicy(TopicRetention topic, boolean idempotent, long clockSlackMs, int valueBytes) {
    /**
     * The slack for one clock: the harness's wall clock against its monotonic clock over a run (slewing, small steps),
     * and the gap between a producer's record timestamp and the history's invocation time.
     */
    public static final long BASE_CLOCK_SLACK_MS = 5_000;

    /** A policy for values that were not padded. */
    public RetentionPolicy(TopicRetention topic, boolean idempotent, long clockSlackMs) {
        this(topic, idempotent, clockSlackMs, 0);
    }

    /**
     * The policy of the run folder's run.json; empty when it records none (a run from before {@code topic-retention}),
     * or a {@link ValuePadding#OPTION} that is no size.
     */
    public static Optional<RetentionPolicy> of(RunJson run) {
        OptionalInt valueBytes = run.valueBytes();
        if (valueBytes.isEmpty()) return Optional.empty();
        return TopicRetention.of(run).map(t -> new RetentionPolicy(t, idempotent(run), BASE_CLOCK_SLACK_MS + hostSkewMs(run),
                valueBytes.getAsInt()));
    }

    /** The most log bytes one record of the history takes: {@link Deletions#MAX_RECORD_LOG_BYTES} plus the padding. */
    long recordBytesAtMost() {
        return Deletions.MAX_RECORD_LOG_BYTES + valueBytes;
    }

    /**
     * The policy after a live change of the topic config {@code key} to {@code value}, keeping the most permissive of
     * the two: the smaller retention limit (-1, none, being the largest) and the larger segment. Empty when the value
     * is not a number (the policy is then unknown); the same policy when key is no retention setting.
     */
    public Optional<RetentionPolicy> widened(String key, String value) {
        long v;
        try {
            v = Long.parseLong(value.strip());
        } catch (NumberFormatException | NullPointerException e) {
            return isPolicyKey(key) ? Optional.empty() : Optional.of(this);
        }
        TopicRetention t = topic;
        TopicRetention w = switch (key) {
            case RunFields.Retention.RETENTION_MS -> new TopicRetention(smallerLimit(t.retentionMs(), v), t.retentionBytes(),
                    t.segmentBytes(), t.segmentMs());
            case RunFields.Retention.RETENTION_BYTES -> new TopicRetention(t.retentionMs(), smallerLimit(t.retentionBytes(), v),
                    t.segmentBytes(), t.segmentMs());
            case RunFields.Retention.SEGMENT_BYTES -> new TopicRetention(t.retentionMs(), t.retentionBytes(),
                    Math.max(t.segmentBytes(), v), t.segmentMs());
            case RunFields.Retention.SEGMENT_MS -> new TopicRetention(t.retentionMs(), t.retentionBytes(), t.segmentBytes(),
                    Math.max(t.segmentMs(), v));
            default -> t;
        };
        return Optional.of(new RetentionPolicy(w, idempotent, clockSlackMs, valueBytes));
    }

    /** Adds the policy's values to a case's evidence. */
    void into(ObjectNode o) {
        o.put(RunFields.Retention.RETENTION_MS, topic.retentionMs());
        o.put(RunFields.Retention.RETENTION_BYTES, topic.retentionBytes());
        o.put(RunFields.Retention.SEGMENT_BYTES, topic.segmentBytes());
        o.put(RunFields.Retention.SEGMENT_MS, topic.segmentMs());
        o.put("idempotent-producers", idempotent);
        o.put("clock-slack-ms", clockSlackMs);
    }

    static boolean isPolicyKey(String key) {
        return RunFields.Retention.RETENTION_MS.equals(key) || RunFields.Retention.RETENTION_BYTES.equals(key)
                || RunFields.Retention.SEGMENT_BYTES.equals(key) || RunFields.Retention.SEGMENT_MS.equals(key);
    }

    private static long smallerLimit(long a, long b) {
        if (a < 0) return b < 0 ? -1 : b;
        return b < 0 ? a : Math.min(a, b);
    }

    private static boolean idempotent(RunJson run) {
        JsonNode v = run.field(RunFields.EFFECTIVE_SETTINGS).path(RunFields.Setting.PRODUCER).path("enable.idempotence")
                .path(RunFields.Setting.VALUE);
        return v.isTextual() && v.asText().equals("true") || v.isBoolean() && v.asBoolean();
    }

    /** The largest |offset| plus round trip of run.json's {@code host-clock-offsets} (SSH backend), rounded up; 0 without. */
    private static long hostSkewMs(RunJson run) {
        double max = 0;
        for (Map.Entry<String, JsonNode> e : run.field(RunFields.HOST_CLOCK_OFFSETS).properties()) {
            JsonNode h = e.getValue();
            max = Math.max(max, Math.abs(h.path("offset-ms").asDouble(0)) + Math.abs(h.path("round-trip-ms").asDouble(0)));
        }
        return (long) Math.ceil(max);
    }
}
