package io.kchaos.workload.acl;

import io.kchaos.history.ImageOffsets;
import io.kchaos.workload.common.ErrorText;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Waits until each broker has published the probe user's credential: its published metadata offset (its own
 * ApiVersions answer, asked over the run's own login) holds every offset below the quorum's high watermark read after
 * the credential was acknowledged. A broker that does not within the wait is named, not waited for: its probes then
 * fail to log in and complete {@code info}.
 */
final class CredentialPublication {
    private static final long POLL_MS = 250;

    private CredentialPublication() {
    }

    /** Why each broker that had not published {@code highWatermark} within {@code wait} is behind, by node id; empty when all have. */
    static Map<Integer, String> await(Map<Integer, BrokerConnection> brokers, long highWatermark, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        Map<Integer, String> behind = new TreeMap<>();
        brokers.keySet().forEach(id -> behind.put(id, "not read"));
        while (true) {
            for (Map.Entry<Integer, BrokerConnection> b : brokers.entrySet()) {
                if (!behind.containsKey(b.getKey())) continue;
                try {
                    long published = b.getValue().publishedOffset();
                    if (ImageOffsets.holdsBelow(published, highWatermark)) behind.remove(b.getKey());
                    else behind.put(b.getKey(), "published metadata offset " + published + ", the credential's high watermark " + highWatermark);
                } catch (Exception e) {
                    behind.put(b.getKey(), ErrorText.of(e));
                }
            }
            if (behind.isEmpty() || System.nanoTime() - deadline >= 0) return behind;
            Thread.sleep(POLL_MS);
        }
    }
}
