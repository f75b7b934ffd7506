package io.kchaos.cluster.version;

import java.util.Optional;

/**
 * A rolling change of Kafka release a run makes: from the release the cluster starts on to {@code to}, then, when
 * {@code downgradeTo} is given, back down to it before the feature levels are finalized (a finalized upgrade cannot be
 * rolled back). {@link #of} refuses up front what Kafka does not support, with the reason.
 */
public record UpgradePath(KafkaVersion from, KafkaVersion to, Optional<KafkaVersion> downgradeTo) {

    /** True when the run ends by finalizing the feature levels of {@code to} (not when it downgrades). */
    public boolean finalizes() {
        return downgradeTo.isEmpty();
    }

    /** The release every node runs at the end. */
    public KafkaVersion last() {
        return downgradeTo.orElse(to);
    }

    /**
     * The path from {@code from} to {@code to} (and down to {@code downgradeTo}, may be null).
     *
     * @throws IllegalArgumentException (one line) naming why Kafka does not support it
     */
    public static UpgradePath of(KafkaVersion from, KafkaVersion to, KafkaVersion downgradeTo) {
        VersionProfile.of(from);
        VersionProfile target = VersionProfile.of(to);
        if (to.compareTo(from) <= 0) {
            throw new IllegalArgumentException("--upgrade-to " + to + " is not newer than the starting release " + from
                    + " (a rolling downgrade is --downgrade-to, after --upgrade-to)");
        }
        if (from.compareTo(target.oldestUpgradeSource()) < 0) {
            throw new IllegalArgumentException("Kafka " + to + " does not support a rolling upgrade from " + from + ": it upgrades from "
                    + target.oldestUpgradeSource().major() + "." + target.oldestUpgradeSource().minor() + ".x or later");
        }
        if (to.major() > from.major() + 1) {
            throw new IllegalArgumentException("Kafka does not support a rolling upgrade from " + from + " straight to " + to
                    + ": upgrade to the last " + (from.major() + 1) + ".x release first");
        }
        if (downgradeTo == null) return new UpgradePath(from, to, Optional.empty());
        VersionProfile.of(downgradeTo);
        if (downgradeTo.compareTo(to) >= 0) {
            throw new IllegalArgumentException("--downgrade-to " + downgradeTo + " is not older than --upgrade-to " + to);
        }
        if (!VersionProfile.of(from).storageStartsOn(downgradeTo)) throw storageRefusal(from, downgradeTo);
        if (minorLine(downgradeTo) < minorLine(from)) {
            throw new IllegalArgumentException("Kafka does not support downgrading to " + downgradeTo + ": the cluster keeps the feature levels of "
                    + from + " (metadata.version " + from.major() + "." + from.minor() + "), which " + downgradeTo
                    + " does not know, and metadata.version cannot be downgraded across releases with metadata changes");
        }
        return new UpgradePath(from, to, Optional.of(downgradeTo));
    }

    /**
     * Refuses {@code --downgrade-to} without {@code --upgrade-to}: a cluster started on a release already has that
     * release's finalized feature levels, and Kafka supports a software downgrade only before they are finalized.
     */
    public static IllegalArgumentException downgradeAfterFinalizing(KafkaVersion start, KafkaVersion downgradeTo) {
        if (!VersionProfile.of(start).storageStartsOn(downgradeTo)) return storageRefusal(start, downgradeTo);
        return new IllegalArgumentException("Kafka does not support downgrading a cluster started on " + start + " to " + downgradeTo
                + ": its feature levels (metadata.version " + start.major() + "." + start.minor()
                + ") are finalized from the start; a downgrade is possible only after --upgrade-to, before finalizing");
    }

    /** The cluster's storage was formatted by {@code formattedBy}'s kafka-storage, which {@code broker} cannot start on. */
    private static IllegalArgumentException storageRefusal(KafkaVersion formattedBy, KafkaVersion broker) {
        return new IllegalArgumentException("Kafka does not support downgrading to " + broker + ": the cluster's storage is formatted by Kafka "
                + formattedBy + "'s kafka-storage, and from " + VersionProfile.STORAGE_NOT_FORWARD_COMPATIBLE.major() + "."
                + VersionProfile.STORAGE_NOT_FORWARD_COMPATIBLE.minor() + " a broker older than the tool that formatted its storage cannot start on it");
    }

    private static int minorLine(KafkaVersion v) {
        return v.major() * 1000 + v.minor();
    }

    @Override
    public String toString() {
        return from + " -> " + to + downgradeTo.map(d -> " -> " + d + " (downgrade before finalizing)").orElse(", features finalized");
    }
}
