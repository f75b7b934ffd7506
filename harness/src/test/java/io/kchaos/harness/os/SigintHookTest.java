package io.kchaos.harness.os;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real SIGINT to this JVM reaches the hook instead of ending the JVM. */
class SigintHookTest {
    @Test
    void aSigintCallsTheHookInsteadOfExiting() throws Exception {
        CountDownLatch called = new CountDownLatch(1);
        try (SigintHook hook = SigintHook.install(called::countDown)) {
            new ProcessCommandRunner().check("kill", "-INT", Long.toString(ProcessHandle.current().pid()));
            assertTrue(called.await(10, TimeUnit.SECONDS), "the hook ran");
        }
    }
}
