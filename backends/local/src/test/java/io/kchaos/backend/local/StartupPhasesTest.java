package io.kchaos.backend.local;

import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StartupPhasesTest {

    @Test
    void readsTheBrokersTimestampAndSkipsLinesWithout() {
        long expected = LocalDateTime.parse("2026-12-01T04:18:59.591").atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        assertEquals(OptionalLong.of(expected),
                StartupPhases.stamp("2026-12-01T04:18:59.591 [main] INFO kafka.server.KafkaRaftServer - [KafkaRaftServer nodeId=1] Kafka Server started"));
        assertEquals(OptionalLong.empty(), StartupPhases.stamp("\tcontroller.quorum.election.timeout.ms = 1000"));
        assertEquals(OptionalLong.empty(), StartupPhases.stamp("[4.752s][warning][cds] Skipping com/x/Y: Not linked"));
        assertEquals(OptionalLong.empty(), StartupPhases.stamp("2026-12-01Tnot a time at all, but long enough"));
    }
}
