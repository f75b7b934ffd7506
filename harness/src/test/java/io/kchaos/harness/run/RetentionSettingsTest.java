package io.kchaos.harness.run;

import io.kchaos.history.folder.TopicRetention;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The retention policy run.json records follows Kafka's precedence: topic config, broker log.* settings, defaults. */
class RetentionSettingsTest {
    @Test
    void nothingSetIsKafkasDefaults() {
        assertEquals(Optional.of(TopicRetention.KAFKA_DEFAULTS), RetentionSettings.effective(Map.of(), Map.of()));
    }

    @Test
    void theBrokersLogSettingsApplyWithTheirUnits() {
        // the epoch-checkpoint-crash scenario's settings
        assertEquals(Optional.of(new TopicRetention(30_000, -1, 1_073_741_824L, 2_000)),
                RetentionSettings.effective(Map.of("log.retention.ms", "30000", "log.roll.ms", "2000"), Map.of()));
        assertEquals(Optional.of(new TopicRetention(2 * 3_600_000L, 4096, 1024, 3_600_000L)),
                RetentionSettings.effective(Map.of("log.retention.hours", "2", "log.retention.bytes", "4096",
                        "log.segment.bytes", "1024", "log.roll.hours", "1"), Map.of()));
        assertEquals(Optional.of(new TopicRetention(5 * 60_000L, -1, 1_073_741_824L, 604_800_000L)),
                RetentionSettings.effective(Map.of("log.retention.minutes", "5", "log.retention.hours", "9"), Map.of()));
    }

    @Test
    void millisecondsWinOverMinutesAndHoursAndATopicConfigOverEverything() {
        Map<String, String> broker = Map.of("log.retention.ms", "1000", "log.retention.minutes", "5", "log.roll.ms", "10",
                "log.roll.hours", "1");
        assertEquals(Optional.of(new TopicRetention(1_000, -1, 1_073_741_824L, 10)), RetentionSettings.effective(broker, Map.of()));
        assertEquals(Optional.of(new TopicRetention(7, 99, 1_073_741_824L, 10)),
                RetentionSettings.effective(broker, Map.of("retention.ms", "7", "retention.bytes", "99")));
    }

    @Test
    void anyNegativeLimitIsNoLimitAndAValueThatIsNoNumberRecordsNothing() {
        assertEquals(-1, RetentionSettings.effective(Map.of("log.retention.ms", "-5"), Map.of()).orElseThrow().retentionMs());
        assertEquals(Optional.empty(), RetentionSettings.effective(Map.of("log.retention.bytes", "lots"), Map.of()));
    }
}
