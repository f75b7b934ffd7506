package io.kchaos.workload.group;

import io.kchaos.workload.ClientFeature;
import io.kchaos.workload.ClientKind;
import io.kchaos.workload.common.WorkloadOption;
import org.apache.kafka.clients.consumer.ConsumerConfig;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rebalance protocol the group's members use: {@code consumer} (KIP-848, the broker assigns partitions and keeps
 * the session; GA from Kafka 4.0, where new clusters finalize {@code group.version} 1) or {@code classic} (the
 * client-side JoinGroup/SyncGroup protocol). {@link #choose} picks it from the workload option, the user's
 * {@code group.protocol} consumer setting and the cluster's finalized {@code group.version}.
 */
enum GroupProtocol {
    CONSUMER("consumer"), CLASSIC("classic");

    /** The key of the workload option that names the protocol. */
    static final String KEY = "group-protocol";
    /** The workload option that names the protocol; without it the protocol is chosen at start ({@link #choose}). */
    static final WorkloadOption OPTION = WorkloadOption.word(KEY, Set.of("consumer", "classic"), null,
            "the rebalance protocol; by default consumer (KIP-848) where the cluster has group.version 1 (Kafka 4.0+), else classic");
    /** The KRaft feature whose level 1 enables the consumer protocol on the brokers. */
    static final String FEATURE = "group.version";

    private final String wire;

    GroupProtocol(String wire) {
        this.wire = wire;
    }

    String wire() {
        return wire;
    }

    /**
     * The protocol to run: the option when given, else the user's {@code group.protocol} consumer setting, else
     * {@code consumer} where the cluster has {@code group.version} 1 or more and the client has
     * {@link ClientFeature#CONSUMER_GROUP_PROTOCOL}, and {@code classic} elsewhere.
     *
     * @param option       the {@value #KEY} workload option, if given
     * @param userConsumer the user's consumer settings
     * @param groupVersion the cluster's finalized {@value #FEATURE} (0 when not finalized)
     * @param client       the run's client
     * @throws IllegalArgumentException (one line) when option and setting disagree, or {@code consumer} is asked of a
     *                                  cluster without {@value #FEATURE} 1 or of a client without the protocol
     */
    static GroupProtocol choose(Optional<String> option, Map<String, String> userConsumer, int groupVersion, ClientKind client) {
        Optional<GroupProtocol> asked = asked(option, userConsumer);
        String refused = refusedBy(option, userConsumer, client);
        if (refused != null) throw new IllegalArgumentException(refused);
        GroupProtocol p = asked.orElse(groupVersion >= 1 && client.supports(ClientFeature.CONSUMER_GROUP_PROTOCOL) ? CONSUMER : CLASSIC);
        if (p == CONSUMER && groupVersion < 1) {
            throw new IllegalArgumentException("the consumer group protocol (KIP-848) needs " + FEATURE
                    + " 1 (Kafka 4.0 or later); this cluster has " + FEATURE + " " + groupVersion + "; use " + KEY + "=classic");
        }
        return p;
    }

    /**
     * Why the protocol asked for explicitly (option or {@code group.protocol} setting) cannot run on {@code client}, in
     * one line, or null; a default never is refused (it falls back to classic).
     */
    static String refusedBy(Optional<String> option, Map<String, String> userConsumer, ClientKind client) {
        if (asked(option, userConsumer).orElse(CLASSIC) != CONSUMER || client.supports(ClientFeature.CONSUMER_GROUP_PROTOCOL)) return null;
        String how = option.isPresent() ? KEY + "=consumer" : ConsumerConfig.GROUP_PROTOCOL_CONFIG + "=consumer";
        return ClientFeature.CONSUMER_GROUP_PROTOCOL.refusal(how, client) + "; use " + KEY + "=classic";
    }

    /** The protocol the option or the user's setting names, if either does; they must agree. */
    private static Optional<GroupProtocol> asked(Optional<String> option, Map<String, String> userConsumer) {
        Optional<GroupProtocol> fromOption = option.map(o -> parse(o, KEY));
        Optional<GroupProtocol> fromSetting = Optional.ofNullable(userConsumer.get(ConsumerConfig.GROUP_PROTOCOL_CONFIG))
                .map(s -> parse(s, ConsumerConfig.GROUP_PROTOCOL_CONFIG));
        if (fromOption.isPresent() && fromSetting.isPresent() && fromOption.get() != fromSetting.get()) {
            throw new IllegalArgumentException("group option " + KEY + "=" + fromOption.get().wire + " contradicts the consumer setting "
                    + ConsumerConfig.GROUP_PROTOCOL_CONFIG + "=" + fromSetting.get().wire);
        }
        return fromOption.or(() -> fromSetting);
    }

    /**
     * The members' settings for this protocol. Classic: a 6 s session with 1.5 s heartbeats (set by the client).
     * Consumer: the session and heartbeat belong to the broker ({@code group.consumer.*}), so the client sets neither.
     */
    Map<String, String> memberSettings() {
        Map<String, String> s = new HashMap<>();
        s.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, wire);
        if (this == CLASSIC) {
            s.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "6000");
            s.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "1500");
        }
        return s;
    }

    private static GroupProtocol parse(String text, String what) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (GroupProtocol p : values()) {
            if (p.wire.equals(t)) return p;
        }
        throw new IllegalArgumentException(what + " must be consumer or classic, not '" + text + "'");
    }
}
