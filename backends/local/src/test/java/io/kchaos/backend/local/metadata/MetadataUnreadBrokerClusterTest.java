package io.kchaos.backend.local.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.backend.local.LocalCluster;
import io.kchaos.backend.local.LoopbackHosts;
import io.kchaos.checker.metadata.MetadataChecker;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.Verdict;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.common.JavaClientKind;
import io.kchaos.workload.metadata.MetadataWorkload;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The metadata checker cannot be VALID by silence: on a real 3-node cluster the metadata workload changes topics for a
 * few seconds, then broker 3 is killed before the final read. The history names broker 3 as not read (it started with
 * the run) and the verdict is UNKNOWN, not VALID; the brokers that were read are still judged. The final read's bound is
 * 8 s ({@code final-read-seconds}) instead of 60: the killed broker never comes back, so a longer wait proves nothing
 * more, and the two live brokers answer within a second. (The positive control,
 * every broker read and VALID, is {@code MetadataRunTest}.)
 */
@Tag("cluster")
class MetadataUnreadBrokerClusterTest {

    @Test
    void aBrokerDownForTheFinalReadIsNamedAndTheVerdictIsUnknown(@TempDir Path dir) throws Exception {
        ClusterSpec spec = new ClusterSpec(3, KafkaDistribution.bundled(), ServerProperties.harnessDefaults(3), 384, Duration.ofSeconds(90));
        Path historyFile = dir.resolve("history.jsonl");
        try (LocalCluster c = new LocalCluster(spec, dir.resolve("cluster"), new LoopbackHosts(), new ProcessCommandRunner());
             HistoryWriter history = new HistoryWriter(historyFile)) {
            c.start();
            WorkloadContext ctx = new WorkloadContext(c::bootstrapServers, "kchaos-md", 1, (short) 3, Map.of(), Map.of(), Map.of(),
                    1, 1, 10, 7, history, Map.of("final-read-seconds", "8"), JavaClientKind.INSTANCE, 3);
            try (MetadataWorkload w = new MetadataWorkload()) {
                w.start(ctx);
                Thread.sleep(5_000);
                w.stop();
                c.kill(3);
                w.drain();
            }
        }
        CheckResult r = new MetadataChecker().check(HistoryFile.open(historyFile));
        JsonNode stats = r.stats().path(ResultsFields.Stats.METADATA);
        System.out.println("MEASURED metadata, broker 3 killed before the final read: " + r.verdict() + " " + stats);
        assertEquals(Verdict.UNKNOWN, r.verdict(), "not VALID by silence: " + r.toJson());
        assertTrue(stats.path(ResultsFields.Metadata.UNREAD_BROKERS).has("3"), "broker 3 named: " + stats);
        assertEquals(2, stats.path(ResultsFields.Metadata.BROKERS_READ).asInt(), "the two others read and judged: " + stats);
    }
}
