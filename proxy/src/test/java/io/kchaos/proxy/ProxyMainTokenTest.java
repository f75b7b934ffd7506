package io.kchaos.proxy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A proxy JVM started without its control token refuses to start, in one line, before it opens a port or a file. */
class ProxyMainTokenTest {
    @Test
    void withoutTheTokenTheProxyExitsWithTwo(@TempDir Path dir) throws Exception {
        Path actions = dir.resolve("proxy-actions.jsonl");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), ProxyMain.class.getName(), "127.0.0.1", "0", "0", actions.toString(),
                "1=127.0.0.1:9092").redirectErrorStream(true);
        pb.environment().remove(ControlToken.ENV);
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the proxy is still running");
        List<String> out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, p.exitValue(), String.join("\n", out));
        assertEquals(1, out.size(), String.join("\n", out));
        assertTrue(out.get(0).contains(ControlToken.ENV), out.get(0));
        assertFalse(Files.exists(actions), "it wrote its actions file before refusing");
    }
}
