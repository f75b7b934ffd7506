package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.folder.ResultsFields.Tiered;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** stats.tiered from a planted bucket's call logs (the lines BucketStorageManager writes). */
class BucketCallStatsTest {
    @TempDir
    Path bucket;

    private static final String SEG = "kchaos-queue-0 Zm9vYmFyYmF6cXV4cXV1";

    @Test
    void countsEachBrokersCallsByOpAndOutcome() throws Exception {
        Files.writeString(bucket.resolve("calls-1.log"), String.join("\n",
                "1700000000000 copy " + SEG + " ok 1048576",
                "1700000000100 copy " + SEG + " failed 1048576",
                "1700000000200 fetch-index " + SEG + " ok OFFSET",
                "1700000000300 fetch-index " + SEG + " missing TRANSACTION",
                "1700000000400 fetch-log " + SEG + " ok 0-",
                "1700000000500 delete " + SEG + " ok -",
                ""));
        Files.writeString(bucket.resolve("calls-2.log"), String.join("\n",
                "1700000000000 fetch-log " + SEG + " ok 0-4095",
                "1700000000100 fetch-log " + SEG + " ok 4096-",
                "1700000000200 delete " + SEG + " missing -",
                "17000000003")); // a torn last line
        Files.writeString(bucket.resolve("not-a-call-log.txt"), "ignored\n");
        Files.createDirectories(bucket.resolve("kchaos-queue-0"));

        JsonNode s = BucketCallStats.read(bucket);
        JsonNode one = s.get(Tiered.BROKERS).get("1");
        assertEquals(1, one.get(Tiered.COPIES).asLong());
        assertEquals(1, one.get(Tiered.FAILURES).asLong());
        assertEquals(1, one.get(Tiered.INDEX_FETCHES).asLong());
        assertEquals(1, one.get(Tiered.MISSING).asLong());
        assertEquals(1, one.get(Tiered.SEGMENT_FETCHES).asLong());
        assertEquals(1, one.get(Tiered.DELETES).asLong());
        JsonNode total = s.get(Tiered.TOTAL);
        assertEquals(3, total.get(Tiered.SEGMENT_FETCHES).asLong());
        assertEquals(2, total.get(Tiered.MISSING).asLong());
        assertEquals(1, total.get(Tiered.DELETES).asLong());
        assertEquals(3, s.get(Tiered.READS_FROM_REMOTE).asLong());
        assertEquals(1, s.get(Tiered.UNREADABLE_LINES).asLong());
        assertEquals(2, s.get(Tiered.BROKERS).size());
    }

    @Test
    void injectedFailuresAndDelaysAreCountedApartFromRealOnes() throws Exception {
        Files.writeString(bucket.resolve("calls-3.log"), String.join("\n",
                "1700000000000 fetch-log " + SEG + " failed injected",
                "1700000000100 copy " + SEG + " failed injected",
                "1700000000200 delete " + SEG + " failed -",
                "1700000000300 fetch-log " + SEG + " ok 0- injected-delay-ms=2000",
                "1700000000400 fetch-index " + SEG + " missing TRANSACTION injected-delay-ms=2000",
                ""));
        JsonNode total = BucketCallStats.read(bucket).get(Tiered.TOTAL);
        assertEquals(2, total.get(Tiered.INJECTED_FAILURES).asLong());
        assertEquals(1, total.get(Tiered.FAILURES).asLong(), "the real one only");
        assertEquals(2, total.get(Tiered.INJECTED_DELAYS).asLong());
        assertEquals(1, total.get(Tiered.SEGMENT_FETCHES).asLong(), "a delayed call that succeeded still counts");
        assertEquals(1, total.get(Tiered.MISSING).asLong());
    }

    @Test
    void aBucketNoBrokerCalledIsAllZero() {
        JsonNode s = BucketCallStats.read(bucket);
        assertEquals(0, s.get(Tiered.TOTAL).get(Tiered.COPIES).asLong());
        assertEquals(0, s.get(Tiered.READS_FROM_REMOTE).asLong());
        assertEquals(0, s.get(Tiered.BROKERS).size());
        assertFalse(s.has(Tiered.UNREADABLE_LINES));
    }
}
