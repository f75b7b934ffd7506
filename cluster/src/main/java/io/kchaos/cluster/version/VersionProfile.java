package io.kchaos.cluster.version;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What differs between the Kafka releases kchaos runs (every 3.x from 3.7 on and every 4.x, KRaft combined mode,
 * static voters): which releases it refuses and why, the StorageTool {@code format} command line, and Eligible Leader
 * Replicas (KIP-966). ELR is the format-time feature {@code eligible.leader.replicas.version} from 4.0 (default 0 in
 * 4.0, 1 — enabled — on new clusters from 4.1); 3.7–3.9 have only an internal preview broker setting
 * ({@code eligible.leader.replicas.enable}). kchaos accepts {@code eligible.leader.replicas.version} as a broker setting
 * and passes it to {@code format --feature}. From 4.2 share groups (KIP-932, {@code share.version}) and the Streams
 * rebalance protocol (KIP-1071, {@code streams.version}) are production features a finalized upgrade bumps too; from
 * 4.4 storage formatted by a release's {@code kafka-storage} starts only on that release or a newer one.
 */
public final class VersionProfile {
    /** The oldest release kchaos runs. */
    public static final KafkaVersion OLDEST = new KafkaVersion(3, 7, 0);
    /** The format-time feature that switches Eligible Leader Replicas on (1) or off (0). */
    public static final String ELR_FEATURE = "eligible.leader.replicas.version";
    /**
     * The format-time feature of the transaction protocol: 2 is KIP-890's transactions v2 (the epoch bumped on every
     * transaction; the default of a new cluster from 4.0), 1 and 0 the older protocol. Accepted as a broker setting
     * from 4.0 and passed to {@code format --feature}, so a 4.x cluster can run with transactions v1.
     */
    public static final String TXN_FEATURE = "transaction.version";
    /** The KRaft feature that names the metadata records a cluster may write. */
    public static final String METADATA_VERSION = "metadata.version";
    /** Share groups (KIP-932): production-ready from 4.2 (a preview in 4.1). */
    public static final String SHARE_VERSION = "share.version";
    /** The Streams rebalance protocol (KIP-1071): production-ready from 4.2. */
    public static final String STREAMS_VERSION = "streams.version";
    /**
     * The first release whose formatted storage is not forward-compatible: its {@code kafka-storage} writes the
     * bootstrap metadata into the KRaft zero checkpoint, which no older broker reads (Kafka 4.4 upgrade notes).
     */
    public static final KafkaVersion STORAGE_NOT_FORWARD_COMPATIBLE = new KafkaVersion(4, 4, 0);

    private final KafkaVersion version;

    private VersionProfile(KafkaVersion version) {
        this.version = version;
    }

    /**
     * The profile of a release kchaos can run.
     *
     * @throws IllegalArgumentException (one line) naming why an older release cannot run
     */
    public static VersionProfile of(KafkaVersion v) {
        String prefix = "Kafka " + v + " is not supported: ";
        if (!v.atLeast(2, 8)) throw new IllegalArgumentException(prefix + "it runs only with ZooKeeper, and kchaos runs KRaft (3.7 or later)");
        if (!v.atLeast(3, 3)) throw new IllegalArgumentException(prefix + "its KRaft mode is early access, not production-ready; kchaos runs 3.7 or later");
        if (v.compareTo(OLDEST) < 0) throw new IllegalArgumentException(prefix + "kchaos runs KRaft combined mode from 3.7 on");
        return new VersionProfile(v);
    }

    /** As {@link #of(KafkaVersion)}, from text. */
    public static VersionProfile of(String version) {
        return of(KafkaVersion.parse(version));
    }

    public KafkaVersion version() {
        return version;
    }

    /** True from 4.0: ELR exists as the {@value #ELR_FEATURE} feature. */
    public boolean hasElrFeature() {
        return version.atLeast(4, 0);
    }

    /**
     * True from 3.7: KRaft brokers with several {@code log.dirs} (KIP-858). kchaos formats without {@code --release-version},
     * so a new cluster's metadata.version is the release's latest, which from 3.7 is past JBOD's 3.7-IV2.
     */
    public boolean hasJbod() {
        return version.atLeast(3, 7);
    }

    /** True from 3.9: a dynamic metadata quorum (KIP-853: {@code format --initial-controllers}, {@code controller.quorum.bootstrap.servers}). */
    public boolean hasDynamicQuorum() {
        return version.atLeast(3, 9);
    }

    /**
     * True from 3.9: tiered storage (KIP-405) is production-ready (early access from 3.6), and the tiered-storage
     * plugin is built against 3.9's storage API.
     */
    public boolean hasTieredStorage() {
        return version.atLeast(3, 9);
    }

    /** True from 4.2: share groups and the Streams rebalance protocol are production features. */
    public boolean hasShareAndStreamsFeatures() {
        return version.atLeast(4, 2);
    }

    /**
     * Whether a broker of release {@code broker} starts on storage this release's {@code kafka-storage} formatted:
     * always before 4.4; from 4.4 only when {@code broker} is this release or newer.
     */
    public boolean storageStartsOn(KafkaVersion broker) {
        return version.compareTo(STORAGE_NOT_FORWARD_COMPATIBLE) < 0 || broker.compareTo(version) >= 0;
    }

    /** The ELR level a new cluster of this release gets unless told otherwise (0 where ELR does not exist). */
    public int defaultElrLevel() {
        return version.atLeast(4, 1) ? 1 : 0;
    }

    /** The settings that go to server.properties: all but the format-time features. */
    public Map<String, String> serverSettings(Map<String, String> settings) {
        Map<String, String> out = new LinkedHashMap<>(settings);
        out.remove(ELR_FEATURE);
        out.remove(TXN_FEATURE);
        return out;
    }

    /** Format-time features among {@code settings}, as given. */
    public Map<String, String> formatFeatures(Map<String, String> settings) {
        Map<String, String> out = new LinkedHashMap<>();
        if (settings.containsKey(ELR_FEATURE)) out.put(ELR_FEATURE, settings.get(ELR_FEATURE));
        if (settings.containsKey(TXN_FEATURE)) out.put(TXN_FEATURE, settings.get(TXN_FEATURE));
        return out;
    }

    /** The features in effect on a new cluster: the release's defaults overridden by {@code settings}. */
    public Map<String, String> effectiveFeatures(Map<String, String> settings) {
        Map<String, String> out = new LinkedHashMap<>();
        if (hasElrFeature()) out.put(ELR_FEATURE, Integer.toString(defaultElrLevel()));
        out.putAll(formatFeatures(settings));
        return out;
    }

    /**
     * Refuses settings this release cannot apply.
     *
     * @throws IllegalArgumentException (one line) naming the setting
     */
    public void check(Map<String, String> settings) {
        String txn = settings.get(TXN_FEATURE);
        if (txn != null) {
            if (!hasElrFeature()) throw new IllegalArgumentException(TXN_FEATURE + " needs Kafka 4.0 or later (Kafka " + version
                    + " has transactions v1 only)");
            if (!Set.of("0", "1", "2").contains(txn)) throw new IllegalArgumentException(TXN_FEATURE + " must be 0, 1 or 2, not '" + txn + "'");
        }
        String elr = settings.get(ELR_FEATURE);
        if (elr == null) return;
        if (!hasElrFeature()) {
            throw new IllegalArgumentException(ELR_FEATURE + " needs Kafka 4.0 or later (Kafka " + version
                    + " has only the internal preview setting eligible.leader.replicas.enable)");
        }
        if (!elr.equals("0") && !elr.equals("1")) throw new IllegalArgumentException(ELR_FEATURE + " must be 0 or 1, not '" + elr + "'");
    }

    /** Arguments of {@code kafka.tools.StorageTool} that format one node's storage for static-voter KRaft. */
    public List<String> formatArgs(String clusterId, String propertiesFile, Map<String, String> settings) {
        check(settings);
        List<String> args = new ArrayList<>(List.of("format", "-t", clusterId, "-c", propertiesFile));
        formatFeatures(settings).forEach((k, v) -> {
            args.add("--feature");
            args.add(k + "=" + v);
        });
        return args;
    }

    /**
     * The oldest release a rolling upgrade to this one may start from. Kafka documents upgrades to 4.x "from any
     * version 3.3.x" on (KRaft production-ready from 3.3), and KRaft upgrades within 3.x from 3.3 on as well.
     */
    public KafkaVersion oldestUpgradeSource() {
        return new KafkaVersion(3, 3, 0);
    }

    /**
     * The feature levels a finalized upgrade to this release bumps (those its brokers support), in the order they are
     * bumped: {@code metadata.version} first, as the others depend on it.
     */
    public List<String> finalizedFeatures() {
        List<String> out = new ArrayList<>(List.of(METADATA_VERSION, "transaction.version", "group.version"));
        if (hasElrFeature()) out.add(ELR_FEATURE);
        if (hasShareAndStreamsFeatures()) out.addAll(List.of(SHARE_VERSION, STREAMS_VERSION));
        return out;
    }

    /**
     * Settings as this release takes them when a node of another release is switched to it: those it does not define
     * ({@code known}: its broker's setting names) are left out, so that e.g. a 3.x-only
     * {@code inter.broker.protocol.version} or {@code eligible.leader.replicas.enable} does not follow a node to 4.x.
     */
    public Map<String, String> adapt(Map<String, String> settings, Optional<Set<String>> known) {
        if (known.isEmpty()) return settings;
        Map<String, String> out = new LinkedHashMap<>(settings);
        BrokerConfigNames.unknown(known.get(), settings).forEach(out::remove);
        return out;
    }

    @Override
    public String toString() {
        return "Kafka " + version + (hasElrFeature() ? " (ELR " + (defaultElrLevel() == 1 ? "on" : "off") + " by default)" : " (no ELR)");
    }
}
