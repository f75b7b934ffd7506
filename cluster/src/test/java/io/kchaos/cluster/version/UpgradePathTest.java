package io.kchaos.cluster.version;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UpgradePathTest {
    private static KafkaVersion v(String s) {
        return KafkaVersion.parse(s);
    }

    private static String refusal(String from, String to, String down) {
        return assertThrows(IllegalArgumentException.class, () -> UpgradePath.of(v(from), v(to), down == null ? null : v(down))).getMessage();
    }

    @Test
    void supportedRollingPairsAreAccepted() {
        for (String[] pair : new String[][] {{"3.7.2", "3.9.2"}, {"3.9.1", "4.1.1"}, {"3.9.2", "4.0.2"}, {"4.0.2", "4.1.1"}, {"3.7.0", "4.1.1"}, {"4.1.0", "4.1.1"},
                {"3.9.1", "4.4.0"}, {"4.1.1", "4.4.0"}, {"4.3.2", "4.4.0"}, {"4.2.2", "4.3.2"}}) {
            UpgradePath p = UpgradePath.of(v(pair[0]), v(pair[1]), null);
            assertTrue(p.finalizes());
            assertEquals(v(pair[1]), p.last());
        }
    }

    @Test
    void anUpgradeMustGoUpAndNotSkipAMajorRelease() {
        assertTrue(refusal("4.1.1", "3.9.1", null).contains("not newer"));
        assertTrue(refusal("4.1.1", "4.1.1", null).contains("not newer"));
        String skip = refusal("3.9.1", "5.0.0", null);
        assertTrue(skip.contains("upgrade to the last 4.x release first"), skip);
    }

    @Test
    void releasesKchaosCannotRunAreRefusedWithTheirReason() {
        assertTrue(refusal("3.6.2", "3.9.1", null).contains("3.7 on"));
        assertTrue(refusal("2.7.0", "3.9.1", null).contains("ZooKeeper"));
    }

    @Test
    void aDowngradeBeforeFinalizingGoesBackNoLowerThanTheStartingFeatureLevels() {
        UpgradePath p = UpgradePath.of(v("3.9.1"), v("4.1.1"), v("3.9.1"));
        assertFalse(p.finalizes(), "a downgraded run never finalizes");
        assertEquals(Optional.of(v("3.9.1")), p.downgradeTo());
        assertEquals(v("3.9.1"), p.last());
        assertEquals(v("3.9.0"), UpgradePath.of(v("3.9.1"), v("4.1.1"), v("3.9.0")).last(), "same metadata.version line");
        String below = refusal("3.9.1", "4.1.1", "3.8.1");
        assertTrue(below.contains("metadata.version 3.9") && below.contains("3.8.1"), below);
        assertTrue(refusal("3.9.1", "4.1.1", "4.1.1").contains("not older"));
    }

    @Test
    void aDowngradeWithoutAnUpgradeIsAfterFinalizing() {
        String m = UpgradePath.downgradeAfterFinalizing(v("4.1.1"), v("4.0.2")).getMessage();
        assertTrue(m.contains("finalized") && m.contains("--upgrade-to"), m);
    }

    @Test
    void aDowngradeOntoStorageFormattedFrom44OnIsRefusedForItsStorage() {
        String m = UpgradePath.downgradeAfterFinalizing(v("4.4.0"), v("4.3.2")).getMessage();
        assertTrue(m.contains("formatted by Kafka 4.4.0's kafka-storage") && m.contains("older than the tool"), m);
        assertEquals(1, m.lines().count(), m);
        String patch = refusal("4.4.1", "4.5.0", "4.4.0");
        assertTrue(patch.contains("formatted by Kafka 4.4.1's kafka-storage"), "same line, older than the formatting tool: " + patch);
        UpgradePath before = UpgradePath.of(v("4.3.2"), v("4.4.0"), v("4.3.2"));
        assertEquals(v("4.3.2"), before.last(), "storage formatted by 4.3.2 starts on 4.3.2 again");
        assertTrue(VersionProfile.of("4.3.2").storageStartsOn(v("4.2.0")), "before 4.4 formatted storage stays readable by older brokers");
        assertFalse(VersionProfile.of("4.4.0").storageStartsOn(v("4.3.2")));
        assertTrue(VersionProfile.of("4.4.0").storageStartsOn(v("4.4.0")));
    }

    @Test
    void settingsTheTargetNoLongerDefinesAreLeftOutOnTheSwitch() {
        VersionProfile p = VersionProfile.of("4.1.1");
        Map<String, String> settings = Map.of("min.insync.replicas", "2", "inter.broker.protocol.version", "3.9", VersionProfile.ELR_FEATURE, "1");
        Map<String, String> adapted = p.adapt(settings, Optional.of(Set.of("min.insync.replicas")));
        assertEquals(Set.of("min.insync.replicas", VersionProfile.ELR_FEATURE), adapted.keySet(), "the format-time feature is not a broker setting and stays");
        assertEquals(settings, p.adapt(settings, Optional.empty()), "kept when the release cannot tell");
    }

    @Test
    void theFeaturesFinalizedStartWithMetadataVersionAndHaveElrFrom40() {
        assertEquals("metadata.version", VersionProfile.of("4.1.1").finalizedFeatures().get(0));
        assertTrue(VersionProfile.of("4.1.1").finalizedFeatures().contains(VersionProfile.ELR_FEATURE));
        assertFalse(VersionProfile.of("3.9.2").finalizedFeatures().contains(VersionProfile.ELR_FEATURE));
    }

    @Test
    void shareAndStreamsFeaturesAreFinalizedFrom42WhereTheyAreProductionReady() {
        assertEquals(java.util.List.of("metadata.version", "transaction.version", "group.version", VersionProfile.ELR_FEATURE,
                VersionProfile.SHARE_VERSION, VersionProfile.STREAMS_VERSION), VersionProfile.of("4.4.0").finalizedFeatures());
        assertTrue(VersionProfile.of("4.2.0").finalizedFeatures().contains(VersionProfile.SHARE_VERSION));
        assertFalse(VersionProfile.of("4.1.2").finalizedFeatures().contains(VersionProfile.SHARE_VERSION), "a preview in 4.1: not bumped");
    }
}
