package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The remote-tier audit on planted buckets: a copied segment Kafka never asked to delete must still be there. */
class RemoteTierAuditTest {
    @TempDir
    Path bucket;

    private void segment(String partition, String id) throws Exception {
        Files.createDirectories(bucket.resolve(partition).resolve(id));
        Files.writeString(bucket.resolve(partition).resolve(id).resolve("segment.log"), "x");
    }

    private CheckResult audit(ObjectNode stats) {
        return RemoteTierAudit.of(bucket, "kchaos-queue", stats);
    }

    @Test
    void aCopiedSegmentGoneWithoutADeleteIsLostAndOneKafkaDeletedIsNot() throws Exception {
        Files.writeString(bucket.resolve("calls-1.log"), String.join("\n",
                "1000 copy kchaos-queue-0 AAAA ok 4096",
                "1001 copy kchaos-queue-0 BBBB ok 4096",
                "1002 copy kchaos-queue-1 CCCC ok 4096",
                "1003 copy kchaos-queue-1 DDDD failed 4096",
                "1004 copy other-0 EEEE ok 4096",
                "1005 fetch-log kchaos-queue-1 CCCC ok 0-") + "\n");
        // broker 2 was asked to delete BBBB and died before its ok line: only the intent is there; the torn last line is skipped
        Files.writeString(bucket.resolve("calls-2.log"), "2000 delete kchaos-queue-0 BBBB started -\n2001 cop");
        segment("kchaos-queue-1", "CCCC");
        ObjectNode stats = Json.object();
        CheckResult r = audit(stats);
        assertFalse(r.valid(), r.toJson().toString());
        JsonNode lost = r.toJson().path("anomalies").path("remote-segment-lost");
        assertEquals(1, lost.path("count").asInt(), lost.toString());
        assertTrue(lost.toString().contains("AAAA") && lost.toString().contains("\"copied-by\":\"1\""), lost.toString());
        assertEquals(2, stats.path("segments-audited").asInt(), "AAAA and CCCC; BBBB was asked deleted, DDDD never copied, EEEE another topic");
    }

    @Test
    void everyCopiedSegmentInPlaceIsValid() throws Exception {
        Files.writeString(bucket.resolve("calls-1.log"), "1000 copy kchaos-queue-0 AAAA ok 4096\n1001 delete kchaos-queue-0 BBBB ok -\n");
        segment("kchaos-queue-0", "AAAA");
        ObjectNode stats = Json.object();
        assertTrue(audit(stats).valid());
        assertEquals(1, stats.path("segments-audited").asInt());
    }
}
