package io.kchaos.cluster;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BrokerLaunchTest {
    @Test
    void aBrokerGetsItsHeapC1TheSerialCollectorAndExitOnOutOfMemory() {
        assertEquals(List.of("-Xmx512m", "-Xms256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError"),
                BrokerLaunch.brokerJvmFlags(512));
    }

    @Test
    void theInitialHeapIsAtMost256MbAndNeverAboveTheMaximum() {
        assertEquals(List.of("-Xmx128m", "-Xms128m"), BrokerLaunch.heap(128));
        assertEquals(List.of("-Xmx2048m", "-Xms256m"), BrokerLaunch.heap(2048));
    }
}
