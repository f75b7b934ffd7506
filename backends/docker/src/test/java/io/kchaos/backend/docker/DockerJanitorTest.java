package io.kchaos.backend.docker;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DockerJanitorTest {
    private static Map<String, String> labels(String host, String pid) {
        return Map.of(ContainerLabels.HARNESS_HOST, host, ContainerLabels.HARNESS_PID, pid);
    }

    @Test
    void onlyLeftoversOfADeadHarnessOnThisHostAreOrphans() {
        assertTrue(DockerJanitor.orphaned(labels("h", "42"), "h", pid -> false), "dead harness on this host");
        assertFalse(DockerJanitor.orphaned(labels("h", "42"), "h", pid -> true), "its harness still runs");
        assertFalse(DockerJanitor.orphaned(labels("other", "42"), "h", pid -> false), "another machine's harness (shared daemon)");
        String me = Long.toString(ProcessHandle.current().pid());
        assertFalse(DockerJanitor.orphaned(labels("h", me), "h", pid -> false), "never this harness's own");
        assertFalse(DockerJanitor.orphaned(labels("h", "x"), "h", pid -> false), "unreadable pid");
        assertFalse(DockerJanitor.orphaned(null, "h", pid -> false));
    }

    @Test
    void labelsNameThisProcessAndHost() {
        Map<String, String> l = ContainerLabels.forRun(java.nio.file.Path.of("/store/run-1"));
        assertTrue(l.get(ContainerLabels.HARNESS_PID).equals(Long.toString(ProcessHandle.current().pid())));
        assertTrue(l.get(ContainerLabels.HARNESS_HOST).equals(ContainerLabels.hostName()));
        assertTrue(l.get(ContainerLabels.RUN).equals("/store/run-1"));
    }
}
