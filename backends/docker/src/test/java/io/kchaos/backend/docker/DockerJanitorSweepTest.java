package io.kchaos.backend.docker;

import com.github.dockerjava.api.DockerClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The janitor against a real daemon: a dead harness's container and network go, a live harness's stay. */
@Tag("docker")
class DockerJanitorSweepTest {
    private static final String TINY = "kchaos-local/tiny:1";

    @Test
    void removesWhatADeadHarnessLeftAndNothingElse() {
        DockerTestSupport.assumeImages(TINY);
        DockerClient docker = DockerClientFactory.instance().client();
        String host = ContainerLabels.hostName();
        long deadPid = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1) + 100_000;
        String livePid = Long.toString(ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L));
        Map<String, String> dead = Map.of(ContainerLabels.HARNESS_PID, Long.toString(deadPid), ContainerLabels.HARNESS_HOST, host);
        Map<String, String> live = Map.of(ContainerLabels.HARNESS_PID, livePid, ContainerLabels.HARNESS_HOST, host);
        String deadContainer = docker.createContainerCmd(TINY).withCmd("true").withLabels(dead).exec().getId();
        String liveContainer = docker.createContainerCmd(TINY).withCmd("true").withLabels(live).exec().getId();
        String deadNetwork = docker.createNetworkCmd().withName("kchaos-janitor-test-" + deadPid).withLabels(dead).exec().getId();
        try {
            List<String> removed = new DockerJanitor(docker).sweep();
            assertTrue(removed.contains("network kchaos-janitor-test-" + deadPid), removed.toString());
            assertTrue(removed.stream().anyMatch(r -> r.startsWith("container ")), removed.toString());
            assertEquals(List.of(), docker.listContainersCmd().withShowAll(true).withIdFilter(List.of(deadContainer)).exec());
            assertEquals(1, docker.listContainersCmd().withShowAll(true).withIdFilter(List.of(liveContainer)).exec().size(),
                    "a live harness's container stays");
            assertEquals(List.of(), docker.listNetworksCmd().withIdFilter(deadNetwork).exec());
        } finally {
            docker.removeContainerCmd(liveContainer).withForce(true).exec();
        }
    }
}
