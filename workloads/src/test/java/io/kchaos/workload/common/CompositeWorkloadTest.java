package io.kchaos.workload.common;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A composite's options: {@code name.key} to that workload, unprefixed ones to the first. */
class CompositeWorkloadTest {
    @Test
    void prefixedOptionsGoToTheirWorkloadAndPlainOnesToTheFirst() {
        Map<String, String> all = Map.of("in-flight", "4", "metadata.clients", "3", "metadata.pause-ms", "50", "txn.abort-rate", "0.2");

        assertEquals(Map.of("in-flight", "4"), CompositeWorkload.optionsOf(all, "queue", true));
        assertEquals(Map.of("clients", "3", "pause-ms", "50"), CompositeWorkload.optionsOf(all, "metadata", false));
    }
}
