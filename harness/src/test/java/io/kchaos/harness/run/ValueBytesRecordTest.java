package io.kchaos.harness.run;

import io.kchaos.checker.queue.RetentionPolicy;
import io.kchaos.history.ValuePadding;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The queue workload's value-bytes reaches run.json with the other workload options, and the checker's policy from there. */
class ValueBytesRecordTest {
    @TempDir
    Path store;

    private RunJson recorded(Map<String, String> workloadOptions) {
        RunConfig config = TestRunConfig.in(store).load(new WorkloadConfig("queue", workloadOptions, 10, 1, 1)).build();
        RunFolder folder = RunFolder.create(store, "pad-" + workloadOptions.size());
        new RunRecord(config, folder).cluster(RecordedCluster.of(Map.of("log.retention.bytes", "1000000")));
        return RunJson.read(folder.dir());
    }

    @Test
    void runJsonRecordsValueBytesAndThePolicyReadsIt() {
        RunJson run = recorded(Map.of(ValuePadding.OPTION, "4096"));

        assertEquals("4096", run.field(RunFields.WORKLOAD_OPTIONS).path(ValuePadding.OPTION).asText());
        RetentionPolicy p = RetentionPolicy.of(run).orElseThrow();
        assertEquals(4096, p.valueBytes());
        assertEquals(1_000_000, p.topic().retentionBytes());
    }

    @Test
    void withoutTheOptionTheValuesWereNotPadded() {
        assertEquals(0, RetentionPolicy.of(recorded(Map.of())).orElseThrow().valueBytes());
    }
}
