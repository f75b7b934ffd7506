package io.kchaos.backend.docker;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BrokerCommandTest {
    @Test
    void formatsIdempotentlyThenExecsTheBrokerOnOurPropertiesWithOutputInTheRunFolder() {
        List<String> e = BrokerCommand.entrypoint(2, "AbCdEf", 384);
        assertEquals(List.of("/bin/sh", "-c"), e.subList(0, 2));
        String[] lines = e.get(2).split("\n");
        assertEquals("trap 'exit 143' TERM INT", lines[0], "SIGTERM ends the shell even while it formats");
        String format = lines[lines.length - 2];
        assertTrue(format.contains("-cp '/opt/kafka/libs/*' kafka.tools.StorageTool format --ignore-formatted -t AbCdEf"
                + " -c /kchaos/node/server.properties >> /kchaos/node/format.log 2>&1 || exit 70"), format);
        String broker = lines[lines.length - 1];
        assertTrue(broker.startsWith("exec java -Xmx384m -Xms256m "), broker);
        assertTrue(broker.contains(" -Dkchaos.node=2 $L -cp '/opt/kafka/libs/*' kafka.Kafka /kchaos/node/server.properties"
                + " >> /kchaos/node/server.log 2>&1"), broker);
        assertTrue(e.get(2).contains("/opt/kafka/config/log4j2.yaml"), "uses an official image's log config when present");
    }
}
