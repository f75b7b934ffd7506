package io.kchaos.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToolLogTest {
    @TempDir
    Path dir;

    /** What Kafka 4.4's StorageTool wrote when a node's two listeners had the same port. */
    @Test
    void theExceptionLineOfAFailedFormatIsItsCause() throws Exception {
        Path log = write("[main] INFO org.apache.kafka.common.config.AbstractConfig - KafkaConfig values: ",
                "\tadvertised.listeners = [PLAINTEXT://10.0.0.2:45599]", "",
                "Exception in thread \"main\" java.lang.IllegalArgumentException: Error creating broker listeners: port: 45599",
                "Caused by: java.lang.IllegalArgumentException: If you have two listeners on the same port ...",
                "\tat kafka.tools.StorageTool.main(StorageTool.scala)");
        assertEquals(Optional.of("Exception in thread \"main\" java.lang.IllegalArgumentException: Error creating broker listeners: port: 45599"),
                ToolLog.cause(log));
    }

    @Test
    void withoutAnExceptionTheLastPlainLineIsTheCause() throws Exception {
        Path log = write("[main] INFO x - starting", "Log directory /d is already formatted. Use --ignore-formatted.", "[main] INFO x - done", "\tdetail");
        assertEquals(Optional.of("Log directory /d is already formatted. Use --ignore-formatted."), ToolLog.cause(log));
    }

    @Test
    void aLogOfOnlyLogLinesOrNoLogHasNoCause() throws Exception {
        assertEquals(Optional.empty(), ToolLog.cause(write("[main] INFO x - a", "\tb = c")));
        assertEquals(Optional.empty(), ToolLog.cause(dir.resolve("missing.log")));
    }

    @Test
    void aLongCauseIsShortened() throws Exception {
        String cause = ToolLog.cause(write("x".repeat(1000))).orElseThrow();
        assertEquals(ToolLog.MAX_CHARS + 3, cause.length());
        assertTrue(cause.endsWith("..."));
    }

    private Path write(String... lines) throws Exception {
        Path log = dir.resolve("tool.log");
        Files.write(log, java.util.List.of(lines));
        return log;
    }
}
