package io.kchaos.cluster.os;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** A real SIGINT reaches the hook instead of ending the JVM: sent to a child JVM, never to the test JVM itself. */
class SigintHookTest {
    /** The child: installs the hook, says "ready", and says "hooked" once a SIGINT called it ("ignored" when it cannot). */
    public static void main(String[] args) throws Exception {
        if (sigintIgnoredSinceStart()) {
            System.out.println("ignored");
            return;
        }
        CountDownLatch called = new CountDownLatch(1);
        try (SigintHook hook = SigintHook.install(called::countDown)) {
            System.out.println("ready");
            System.out.println(called.await(30, TimeUnit.SECONDS) ? "hooked" : "no SIGINT came");
        }
    }

    @Test
    void aSigintCallsTheHookInsteadOfExiting() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), SigintHookTest.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String first = out.readLine();
            assumeFalse("ignored".equals(first), "the child JVM was started with SIGINT ignored (a background job): no handler can be installed");
            assertEquals("ready", first);
            new ProcessCommandRunner().check("kill", "-INT", Long.toString(child.pid()));
            assertEquals("hooked", out.readLine(), "the hook ran");
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child went on and ended by itself");
            assertEquals(0, child.exitValue(), "SIGINT did not end the child");
        } finally {
            child.destroyForcibly();
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
