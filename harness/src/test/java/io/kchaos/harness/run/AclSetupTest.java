package io.kchaos.harness.run;

import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.security.AclAuthorizer;
import io.kchaos.cluster.security.SecurityMode;
import io.kchaos.harness.client.ReleaseWorkloads;
import io.kchaos.harness.launch.BrokerRelease;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The acl workload runs only on a SASL/SCRAM cluster kchaos starts, whose nodes alone get the authorizer. */
class AclSetupTest {
    @TempDir
    Path dir;

    private RunConfig config(String workload, SecurityMode mode, Map<String, String> brokerConfig) {
        return TestRunConfig.in(dir).cluster(new ClusterConfig(3, null, 256, false, brokerConfig, "t", 1, (short) 1, QuorumSpec.COMBINED, 1, false, mode))
                .load(new WorkloadConfig(workload, Map.of(), 10, 1, 1)).build();
    }

    private static BrokerRelease release(Map<String, String> user) {
        Map<String, String> resolved = new LinkedHashMap<>(ServerProperties.harnessDefaults(3));
        resolved.putAll(user);
        return new BrokerRelease(null, resolved);
    }

    @Test
    void withoutScramTheAclWorkloadIsRefusedInOneLine() {
        for (SecurityMode mode : List.of(SecurityMode.PLAINTEXT, SecurityMode.TLS, SecurityMode.MTLS, SecurityMode.SASL_PLAIN)) {
            assertEquals("the acl workload needs a cluster kchaos starts with --security sasl-scram or sasl-scram-tls (it sets the nodes' "
                    + "authorizer and creates a SCRAM probe user; an existing cluster, --client-properties, is not supported yet), not --security "
                    + mode.wire(), SecurityRefusal.of(config("acl", mode, Map.of()), "local"));
        }
        assertNull(SecurityRefusal.of(config("acl", SecurityMode.SASL_SCRAM, Map.of()), "local"));
        assertNull(SecurityRefusal.of(config("acl", SecurityMode.SASL_SCRAM_TLS, Map.of()), "ssh"));
        assertNull(SecurityRefusal.of(config("acl", SecurityMode.SASL_SCRAM, Map.of()), "docker"), "containers take the authorizer too");
        assertNull(SecurityRefusal.of(config("queue", SecurityMode.PLAINTEXT, Map.of()), "docker"), "other workloads as before");
    }

    @Test
    void aClientReleaseDoesNotDriveIt() {
        assertEquals("--client-version runs the queue, txn and group workloads, not acl (it runs an admin client and probe connections "
                + "of its own, which are built in)", ReleaseWorkloads.refusal("acl"));
    }

    @Test
    void theAuthorizerIsSetOnlyWithTheAclWorkload() {
        Map<String, String> acl = release(Map.of()).withAuthorizerOf(config("acl", SecurityMode.SASL_SCRAM, Map.of())).settings();
        assertEquals(AclAuthorizer.CLASS_NAME, acl.get("authorizer.class.name"));
        assertEquals("User:kchaos", acl.get("super.users"));
        assertEquals("false", acl.get("allow.everyone.if.no.acl.found"));
        for (String other : List.of("queue", "txn", "metadata", "queue,metadata")) {
            Map<String, String> s = release(Map.of()).withAuthorizerOf(config(other, SecurityMode.SASL_SCRAM, Map.of())).settings();
            assertFalse(s.containsKey("authorizer.class.name") || s.containsKey("super.users"), other + ": " + s);
        }
        assertTrue(WorkloadMix.of("acl").authorizer());
    }

    @Test
    void theUsersBrokerConfigWins() {
        Map<String, String> user = Map.of("super.users", "User:kchaos;User:ops");
        Map<String, String> s = release(user).withAuthorizerOf(config("acl", SecurityMode.SASL_SCRAM, user)).settings();
        assertEquals("User:kchaos;User:ops", s.get("super.users"));
        assertEquals(AclAuthorizer.CLASS_NAME, s.get("authorizer.class.name"));
    }
}
