package io.kchaos.workload.common;

import io.kchaos.workload.WorkloadContext;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Every client a workload builds from its context carries the cluster's security settings, under the user's own. */
class ClientConfigsSecurityTest {
    private static final Map<String, String> SECURITY = Map.of("security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-512");

    private static WorkloadContext ctx(Map<String, String> security, Map<String, String> user) {
        return new WorkloadContext(() -> "10.0.0.1:9092", "t", 1, (short) 1, Map.of(), user, user, 1, 1, 10, 1, null, Map.of(), null, 1,
                security);
    }

    @Test
    void producersConsumersAndAdminsGetTheSecuritySettings() {
        WorkloadContext c = ctx(SECURITY, Map.of());
        for (Map<String, Object> settings : java.util.List.of(ClientConfigs.producer(c, "p", Map.of()), ClientConfigs.consumer(c, "c", Map.of()),
                ClientConfigs.admin(c))) {
            assertEquals("SASL_SSL", settings.get("security.protocol"));
            assertEquals("SCRAM-SHA-512", settings.get("sasl.mechanism"));
            assertEquals("10.0.0.1:9092", settings.get("bootstrap.servers"));
        }
    }

    @Test
    void theUsersSettingsComeLastAndAPlaintextContextAddsNothing() {
        assertEquals("SSL", ClientConfigs.producer(ctx(SECURITY, Map.of("security.protocol", "SSL")), "p", Map.of()).get("security.protocol"));
        assertNull(ClientConfigs.admin(ctx(Map.of(), Map.of())).get("security.protocol"));
    }
}
