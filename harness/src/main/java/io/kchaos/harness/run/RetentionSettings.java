package io.kchaos.harness.run;

import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.TopicRetention;

import java.util.Map;
import java.util.Optional;

/**
 * The retention policy a topic gets from Kafka's precedence: the topic's own config, else the brokers' {@code log.*}
 * setting (retention: {@code log.retention.ms}, then {@code .minutes}, then {@code .hours}; roll: {@code log.roll.ms},
 * then {@code log.roll.hours}), else Kafka's default ({@link TopicRetention#KAFKA_DEFAULTS}).
 */
final class RetentionSettings {
    private static final long MINUTE_MS = 60_000L;
    private static final long HOUR_MS = 3_600_000L;

    private RetentionSettings() {
    }

    /** The effective policy; empty when a setting it needs is not a number (run.json then records none). */
    static Optional<TopicRetention> effective(Map<String, String> broker, Map<String, String> topic) {
        try {
            TopicRetention d = TopicRetention.KAFKA_DEFAULTS;
            long retentionMs = first(topic, RunFields.Retention.RETENTION_MS, 1)
                    .or(() -> first(broker, "log.retention.ms", 1))
                    .or(() -> first(broker, "log.retention.minutes", MINUTE_MS))
                    .or(() -> first(broker, "log.retention.hours", HOUR_MS))
                    .orElse(d.retentionMs());
            long retentionBytes = first(topic, RunFields.Retention.RETENTION_BYTES, 1)
                    .or(() -> first(broker, "log.retention.bytes", 1)).orElse(d.retentionBytes());
            long segmentBytes = first(topic, RunFields.Retention.SEGMENT_BYTES, 1)
                    .or(() -> first(broker, "log.segment.bytes", 1)).orElse(d.segmentBytes());
            long segmentMs = first(topic, RunFields.Retention.SEGMENT_MS, 1)
                    .or(() -> first(broker, "log.roll.ms", 1))
                    .or(() -> first(broker, "log.roll.hours", HOUR_MS))
                    .orElse(d.segmentMs());
            return Optional.of(new TopicRetention(unlimitedIfNegative(retentionMs), unlimitedIfNegative(retentionBytes),
                    segmentBytes, segmentMs));
        } catch (NumberFormatException | ArithmeticException e) {
            return Optional.empty();
        }
    }

    /** settings' value of key times unit, when set (a negative value stays negative: no limit). */
    private static Optional<Long> first(Map<String, String> settings, String key, long unit) {
        String v = settings.get(key);
        if (v == null) return Optional.empty();
        long n = Long.parseLong(v.strip());
        return Optional.of(n < 0 ? -1 : Math.multiplyExact(n, unit));
    }

    private static long unlimitedIfNegative(long v) {
        return v < 0 ? -1 : v;
    }
}
