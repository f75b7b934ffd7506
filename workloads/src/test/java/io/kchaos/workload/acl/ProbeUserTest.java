package io.kchaos.workload.acl;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The probe logs in as its own user over the run's SCRAM settings, and never prints its password. */
class ProbeUserTest {
    private static final Map<String, String> RUN = Map.of("security.protocol", "SASL_PLAINTEXT", "sasl.mechanism", "SCRAM-SHA-512",
            "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"kchaos\" password=\"s\";");

    @Test
    void theProbeSettingsAreTheRunsWithTheProbeUsersLogin() {
        ProbeUser u = ProbeUser.forRun(RUN);
        Map<String, String> s = u.clientSettings(RUN);
        assertEquals("SASL_PLAINTEXT", s.get("security.protocol"));
        assertEquals("SCRAM-SHA-512", s.get("sasl.mechanism"));
        assertTrue(s.get("sasl.jaas.config").startsWith("org.apache.kafka.common.security.scram.ScramLoginModule required username=\"kchaos-acl-probe\" password=\""));
        assertFalse(u.toString().contains("password"), u.toString());
        assertFalse(s.get("sasl.jaas.config").equals(ProbeUser.forRun(RUN).clientSettings(RUN).get("sasl.jaas.config")), "a random password");
    }

    @Test
    void aRunWithoutScramIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ProbeUser.forRun(Map.of()));
        assertThrows(IllegalArgumentException.class, () -> ProbeUser.forRun(Map.of("sasl.mechanism", "PLAIN")));
    }
}
