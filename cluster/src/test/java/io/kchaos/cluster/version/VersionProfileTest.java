package io.kchaos.cluster.version;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which releases kchaos runs, and what differs between them (format command, ELR). */
class VersionProfileTest {

    private static String refusal(String version) {
        return assertThrows(IllegalArgumentException.class, () -> VersionProfile.of(version)).getMessage();
    }

    @Test
    void versionsParseAndOrderNumerically() {
        assertTrue(KafkaVersion.parse("3.10.0").compareTo(KafkaVersion.parse("3.9.1")) > 0);
        assertTrue(KafkaVersion.parse("4.1.1").atLeast(4, 1));
        assertFalse(KafkaVersion.parse("4.0.9").atLeast(4, 1));
        assertEquals("Kafka version '4.1' must look like X.Y.Z (e.g. 3.9.1)",
                assertThrows(IllegalArgumentException.class, () -> KafkaVersion.parse("4.1")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> KafkaVersion.parse("4.1.1-rc0"));
    }

    @Test
    void oldReleasesAreRefusedWithTheReason() {
        assertEquals("Kafka 2.7.2 is not supported: it runs only with ZooKeeper, and kchaos runs KRaft (3.7 or later)", refusal("2.7.2"));
        assertTrue(refusal("3.2.3").contains("early access"), refusal("3.2.3"));
        assertEquals("Kafka 3.6.2 is not supported: kchaos runs KRaft combined mode from 3.7 on", refusal("3.6.2"));
        for (String ok : List.of("3.7.0", "3.7.2", "3.8.1", "3.9.1", "4.0.0", "4.1.1")) VersionProfile.of(ok);
    }

    @Test
    void elrIsAFeatureFrom40AndOnByDefaultFrom41() {
        assertFalse(VersionProfile.of("3.9.1").hasElrFeature());
        assertEquals(Map.of(), VersionProfile.of("3.9.1").effectiveFeatures(Map.of()));
        assertEquals(Map.of("eligible.leader.replicas.version", "0"), VersionProfile.of("4.0.1").effectiveFeatures(Map.of()));
        assertEquals(Map.of("eligible.leader.replicas.version", "1"), VersionProfile.of("4.1.1").effectiveFeatures(Map.of()));
        assertEquals(Map.of("eligible.leader.replicas.version", "0"),
                VersionProfile.of("4.1.1").effectiveFeatures(Map.of("eligible.leader.replicas.version", "0")));
    }

    @Test
    void theElrSettingGoesToFormatNotToServerProperties() {
        VersionProfile p = VersionProfile.of("4.1.1");
        Map<String, String> settings = Map.of("eligible.leader.replicas.version", "0", "min.insync.replicas", "2");
        assertEquals(List.of("format", "-t", "ID", "-c", "s.properties", "--feature", "eligible.leader.replicas.version=0"),
                p.formatArgs("ID", "s.properties", settings));
        assertEquals(Map.of("min.insync.replicas", "2"), p.serverSettings(settings));
        assertEquals(List.of("format", "-t", "ID", "-c", "s.properties"), VersionProfile.of("3.7.2").formatArgs("ID", "s.properties", Map.of()));
    }

    @Test
    void theElrSettingIsRefusedWhereItDoesNotExist() {
        String e = assertThrows(IllegalArgumentException.class,
                () -> VersionProfile.of("3.9.1").check(Map.of("eligible.leader.replicas.version", "1"))).getMessage();
        assertTrue(e.startsWith("eligible.leader.replicas.version needs Kafka 4.0 or later"), e);
        assertThrows(IllegalArgumentException.class, () -> VersionProfile.of("4.1.1").check(Map.of("eligible.leader.replicas.version", "2")));
    }

    @Test
    void slf4jBindingIsAddedOnlyWhereMissing() {
        assertEquals("org.slf4j:slf4j-simple:1.7.36",
                Slf4jBinding.missing(List.of(java.nio.file.Path.of("kafka_2.13-3.9.1.jar"), java.nio.file.Path.of("slf4j-api-1.7.36.jar"))).orElseThrow());
        assertTrue(Slf4jBinding.missing(List.of(java.nio.file.Path.of("slf4j-api-1.7.36.jar"), java.nio.file.Path.of("slf4j-reload4j-1.7.36.jar"))).isEmpty());
    }
}
