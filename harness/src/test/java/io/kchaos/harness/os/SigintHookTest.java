package io.kchaos.harness.os;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** A real SIGINT to this JVM reaches the hook instead of ending the JVM. */
class SigintHookTest {
    @Test
    void aSigintCallsTheHookInsteadOfExiting() throws Exception {
        assumeFalse(sigintIgnoredSinceStart(), "this JVM was started with SIGINT ignored (a background job): no handler can be installed");
        CountDownLatch called = new CountDownLatch(1);
        try (SigintHook hook = SigintHook.install(called::countDown)) {
            new ProcessCommandRunner().check("kill", "-INT", Long.toString(ProcessHandle.current().pid()));
            assertTrue(called.await(10, TimeUnit.SECONDS), "the hook ran");
        }
    }

    /** True when SIGINT (signal 2) is in this process's ignored set, as for a job a non-interactive shell put in the background. */
    private static boolean sigintIgnoredSinceStart() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 0x2) != 0;
        }
        return false;
    }
}
