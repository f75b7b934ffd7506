package io.kchaos.harness.upgrade;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The cluster's finalized feature levels, and their bump to what every broker supports, with Kafka's own Admin API
 * ({@code describeFeatures}, {@code updateFeatures}) — what {@code kafka-features.sh upgrade} does.
 */
public final class FeatureLevels {
    private static final long CALL_TIMEOUT_S = 30;

    private FeatureLevels() {
    }

    /**
     * Finalized feature → level, sorted by name.
     *
     * @throws IllegalStateException (one line) when the cluster does not answer
     */
    public static Map<String, Short> finalized(Admin admin) {
        Map<String, Short> out = new TreeMap<>();
        describe(admin).finalizedFeatures().forEach((k, v) -> out.put(k, v.maxVersionLevel()));
        return out;
    }

    /** The finalized levels once every level of {@code expected} shows (brokers learn them from the metadata log), or as they are after 15 s. */
    static Map<String, Short> awaitFinalized(Admin admin, Map<String, Short> expected) {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (true) {
            Map<String, Short> now = finalized(admin);
            boolean all = expected.entrySet().stream().allMatch(e -> e.getValue().equals(now.get(e.getKey())));
            if (all || System.nanoTime() > deadline) return now;
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return now;
            }
        }
    }

    /**
     * Bumps each of {@code features} (in order; metadata.version first, alone, as the others depend on it) to the
     * highest level the brokers support, leaving out those in {@code keep} (pinned by the user). Returns the levels set.
     *
     * @throws IllegalStateException (one line) when the controller refuses an update
     */
    static Map<String, Short> bump(Admin admin, List<String> features, Map<String, String> keep) {
        FeatureMetadata meta = describe(admin);
        Map<String, Short> set = new LinkedHashMap<>();
        for (String f : features) {
            if (keep.containsKey(f) || !meta.supportedFeatures().containsKey(f)) continue;
            short max = meta.supportedFeatures().get(f).maxVersion();
            var current = meta.finalizedFeatures().get(f);
            if (current != null && current.maxVersionLevel() >= max) continue;
            if (current == null && max == 0) continue;
            update(admin, Map.of(f, new FeatureUpdate(max, FeatureUpdate.UpgradeType.UPGRADE)));
            set.put(f, max);
        }
        return set;
    }

    private static void update(Admin admin, Map<String, FeatureUpdate> updates) {
        try {
            admin.updateFeatures(updates, new UpdateFeaturesOptions()).all().get(CALL_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("updateFeatures " + updates.keySet() + " refused: " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new IllegalStateException("updateFeatures " + updates.keySet() + " timed out after " + CALL_TIMEOUT_S + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while updating features");
        }
    }

    private static FeatureMetadata describe(Admin admin) {
        try {
            return admin.describeFeatures().featureMetadata().get(CALL_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("describeFeatures failed: " + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while describing features");
        }
    }
}
