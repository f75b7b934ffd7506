package io.kchaos.harness.upgrade;

import io.kchaos.harness.cluster.KafkaDistribution;
import io.kchaos.harness.version.KafkaVersion;
import io.kchaos.harness.version.UpgradePath;

import java.time.Duration;
import java.util.Map;

/**
 * What a run's rolling upgrade does and when: the path (from, to, maybe back down), the jar set of each release on it,
 * when it starts after the workload, how long one node may take to come back in every ISR, and how long the cluster
 * runs mixed or fully upgraded before the feature levels are finalized (or the downgrade starts).
 */
public record UpgradeSchedule(UpgradePath path, Map<KafkaVersion, KafkaDistribution> distributions, Duration startAfter,
                              Duration nodeTimeout, Duration hold) {

    /** The jar set of a release on the path. */
    public KafkaDistribution distribution(KafkaVersion v) {
        KafkaDistribution d = distributions.get(v);
        if (d == null) throw new IllegalArgumentException("no jar set resolved for Kafka " + v);
        return d;
    }
}
