package io.kchaos.harness.version;

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
        for (String[] pair : new String[][] {{"3.7.2", "3.9.2"}, {"3.9.1", "4.1.1"}, {"3.9.2", "4.0.2"}, {"4.0.2", "4.1.1"}, {"3.7.0", "4.1.1"}, {"4.1.0", "4.1.1"}}) {
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
}
