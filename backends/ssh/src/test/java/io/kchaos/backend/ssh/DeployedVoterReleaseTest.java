package io.kchaos.backend.ssh;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An existing cluster's brokers are never released (killed) at the final stop: no release is made and no host is
 * asked anything (the shells have no SSH session, so any command would fail the test).
 */
class DeployedVoterReleaseTest {
    private static RemoteShell unconnected(int id, SshHost.Existing existing) {
        return new RemoteShell(new SshHost(id, "10.0.0." + id, 22, "kafka", Path.of("key"), "/tmp/kchaos", "10.0.0." + id, "java",
                9092, 9093, Map.of(), existing), null);
    }

    private static HostBroker managed(int id) {
        return new ManagedBroker(unconnected(id, new SshHost.Existing("systemctl start kafka", "systemctl stop kafka",
                "systemctl show -p MainPID --value kafka", List.of("/var/lib/kafka"), "10.0.0." + id + ":9092")));
    }

    @Test
    void anExistingClusterGetsNoRelease() {
        assertTrue(DeployedVoterRelease.start(true, List.of(managed(1), managed(2), managed(3))).isEmpty());
    }

    @Test
    void aBrokerKchaosDidNotDeployGetsNoneEither() {
        assertTrue(DeployedVoterRelease.start(false, List.of(managed(1))).isEmpty());
    }

    @Test
    void aDeployedBrokerIsNotTakenForAnExistingClustersEither() {
        HostBroker deployed = new DeployedBroker(unconnected(1, null), "run-tag", List.of());
        assertTrue(DeployedVoterRelease.start(true, List.of(deployed)).isEmpty());
    }
}
