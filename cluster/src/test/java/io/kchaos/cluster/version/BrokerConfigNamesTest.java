package io.kchaos.cluster.version;

import io.kchaos.cluster.TieredStorage;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The release itself says which broker settings it defines (the bundled release here, {@code kafka.broker.version}). */
class BrokerConfigNamesTest {

    @Test
    void theBundledBrokerNamesItsSettings() {
        Set<String> known = BrokerConfigNames.of(Path.of(System.getProperty("kchaos.kafka.libs"))).orElseThrow();
        assertTrue(known.containsAll(List.of("min.insync.replicas", "unclean.leader.election.enable", "replica.lag.time.max.ms")));
        assertEquals(List.of("log.message.format.version", "min.insync.replica"), BrokerConfigNames.unknown(known,
                Map.of("min.insync.replica", "2", "log.message.format.version", "3.0", "eligible.leader.replicas.version", "1",
                        "min.insync.replicas", "2")), "a typo and a setting 4.0 removed; the ELR feature is not a broker setting");
    }

    @Test
    void theBundledBrokerDefinesEveryTieredStorageSettingButThePluginsOwn() {
        Set<String> known = BrokerConfigNames.of(Path.of(System.getProperty("kchaos.kafka.libs"))).orElseThrow();
        Map<String, String> tiered = new TieredStorage(Path.of("/p.jar"), Path.of("/bucket")).brokerSettings(3);
        assertEquals(List.of(), BrokerConfigNames.unknown(known, tiered), "rsm.config.* and rlmm.config.* belong to the plugins");
        assertEquals(List.of("rsm.config.bucket.dir"), BrokerConfigNames.unknown(known,
                Map.of("remote.log.storage.manager.impl.prefix", "mine.", "rsm.config.bucket.dir", "/b", "mine.bucket.dir", "/b")),
                "the prefix the settings give");
    }

    @Test
    void aFolderWithoutABrokerCannotTell() {
        assertTrue(BrokerConfigNames.of(Path.of("/nonexistent")).isEmpty());
    }
}
