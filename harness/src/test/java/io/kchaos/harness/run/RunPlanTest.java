package io.kchaos.harness.run;

import io.kchaos.history.HistoryWriter;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.common.JavaClientKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** {@link RunConfig} is the plan of a run: its settings and what was resolved before the start, and the workload's context made from it. */
class RunPlanTest {
    @TempDir
    Path store;

    @Test
    void aPlanOfSettingsAloneHasNothingResolvedYet() {
        RunConfig plan = TestRunConfig.in(store).build();
        assertSame(RunSetup.NONE, plan.setup());
        assertSame(JavaClientKind.INSTANCE, plan.setup().client());
        assertEquals(Optional.empty(), plan.setup().upgrade());
        assertEquals(Optional.empty(), plan.setup().replay());
    }

    @Test
    void theWorkloadsContextIsMadeFromThePlan() throws Exception {
        RunConfig plan = TestRunConfig.in(store)
                .cluster(new ClusterConfig(3, null, 256, false, Map.of(), "t", 5, (short) 2))
                .load(new WorkloadConfig("txn", Map.of("abort-rate", "0.5"), 250, 2, 4))
                .clients(new ClientConfig(Map.of("acks", "1"), Map.of("fetch.max.wait.ms", "100"), false))
                .seed(42).build()
                .withSetup(RunSetup.NONE.withUpgrade(null));
        try (HistoryWriter history = new HistoryWriter(store.resolve("history.jsonl"))) {
            WorkloadContext c = plan.workloadContext(() -> "b:1", history);
            assertEquals("b:1", c.bootstrapServers().get());
            assertEquals("t", c.topic());
            assertEquals(5, c.partitions());
            assertEquals(2, c.replicationFactor());
            assertEquals(Map.of(), c.topicConfig());
            assertEquals(Map.of("acks", "1"), c.producerConfig());
            assertEquals(Map.of("fetch.max.wait.ms", "100"), c.consumerConfig());
            assertEquals(2, c.producers());
            assertEquals(4, c.consumers());
            assertEquals(250, c.ratePerSecond());
            assertEquals(42, c.seed());
            assertSame(history, c.history());
            assertEquals(Map.of("abort-rate", "0.5"), c.options());
            assertSame(plan.setup().client(), c.client());
        }
    }
}
