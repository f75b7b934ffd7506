package io.kchaos.cluster;

import io.kchaos.cluster.version.VersionProfile;

import java.util.Locale;

/**
 * How the KRaft voters are configured ({@code --quorum}): {@link #STATIC}, every node's {@code controller.quorum.voters};
 * {@link #DYNAMIC}, KIP-853's dynamic quorum (Kafka 3.9 and later): the controllers formatted with
 * {@code --initial-controllers id@host:port:directory-id,...}, the brokers with {@code --no-initial-controllers}, and
 * every node finding the quorum through {@code controller.quorum.bootstrap.servers}.
 */
public enum QuorumMode {
    STATIC, DYNAMIC;

    /** The {@code --quorum} word. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code word}; IllegalArgumentException (one line) for any other word. */
    public static QuorumMode parse(String word) {
        for (QuorumMode m : values()) {
            if (m.wire().equals(word)) return m;
        }
        throw new IllegalArgumentException("unknown --quorum '" + word + "'; known: static, dynamic");
    }

    /** Why Kafka {@code profile} cannot run this mode (one line), or null when it can. */
    public String refusedOn(VersionProfile profile) {
        if (this != DYNAMIC || profile.hasDynamicQuorum()) return null;
        return "--quorum dynamic needs Kafka 3.9 or later (KIP-853); Kafka " + profile.version() + " has only a static quorum: use --quorum static";
    }
}
