package io.kchaos.report.scan;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimelineSecondsTest {
    @TempDir
    Path dir;

    @Test
    void secondsAreBoundedToTheChartedTimeline() {
        assertEquals(0, TimelineSeconds.of(-5));
        assertEquals(3, TimelineSeconds.of(3_999_999_999L));
        assertEquals(TimelineSeconds.MAX, TimelineSeconds.of(Long.MAX_VALUE));
    }

    /** Before the bound, one absurd time (a damaged history) made the report's per-second arrays take the whole heap. */
    @Test
    @Timeout(30)
    void anAbsurdTimeIsChartedInTheLastSecondWithAWarning() throws IOException {
        Path history = Files.writeString(dir.resolve("history.jsonl"), String.join("\n",
                "{\"index\":0,\"time\":1,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k0\",\"value\":0}}",
                "{\"index\":1,\"time\":9000000000000000000,\"process\":0,\"type\":\"ok\",\"f\":\"send\",\"value\":{\"key\":\"k0\",\"value\":0,\"partition\":0,\"offset\":0}}",
                ""));
        HistoryDigest d = HistoryScan.scan(history, List.of());
        assertEquals(TimelineSeconds.MAX + 1, d.throughput().seconds());
        assertTrue(d.warnings().stream().anyMatch(w -> w.contains("the report charts the first 172800 s")), d.warnings().toString());
    }
}
