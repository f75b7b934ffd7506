package io.kchaos.harness.upgrade;

import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.cluster.version.UpgradePath;

import java.time.Duration;
import java.util.Map;

/**
 * What a run's rolling upgrade does and when: the path (from, to, maybe back down), the jar set of each release on it,
 * the broker settings each of them takes, when it starts after the workload, how long one node may take to come back in every ISR, and how long the cluster
 * runs mixed or fully upgraded before the feature levels are finalized (or the downgrade starts).
 */
public record UpgradeSchedule(UpgradePath path, Map<KafkaVersion, KafkaDistribution> distributions,
                              Map<KafkaVersion, Map<String, String>> settings, Duration startAfter, Duration nodeTimeout, Duration hold) {

    /** The broker settings as the release takes them (those it no longer defines left out), computed before the run. */
    public Map<String, String> settings(KafkaVersion v) {
        Map<String, String> s = settings.get(v);
        if (s == null) throw new IllegalArgumentException("no broker settings adapted for Kafka " + v);
        return s;
    }

    /** The jar set of a release on the path. */
    public KafkaDistribution distribution(KafkaVersion v) {
        KafkaDistribution d = distributions.get(v);
        if (d == null) throw new IllegalArgumentException("no jar set resolved for Kafka " + v);
        return d;
    }
}
