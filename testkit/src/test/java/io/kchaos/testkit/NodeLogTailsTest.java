package io.kchaos.testkit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NodeLogTailsTest {
    @Test
    void eachNodesLastLinesInIdOrderLongLinesCut(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("10"));
        Files.createDirectories(dir.resolve("2"));
        Files.createDirectories(dir.resolve("cds"));
        Files.writeString(dir.resolve("10/server.log"), "a\nb\nc\n");
        Files.writeString(dir.resolve("2/server.log"), "x".repeat(NodeLogTails.MAX_CHARS + 5) + "\n");
        assertEquals("\n--- node 2 (last 2 lines of server.log)\n" + "x".repeat(NodeLogTails.MAX_CHARS) + "..."
                + "\n--- node 10 (last 2 lines of server.log)\nb\nc", NodeLogTails.of(dir, 2));
        assertEquals("", NodeLogTails.of(dir.resolve("absent"), 2));
    }
}
