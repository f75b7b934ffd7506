package io.kchaos.nemesis.protocol;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRegistry;
import io.kchaos.nemesis.cluster.ProtocolRule;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Binds the protocol nemeses, each tuned by the {@code proxy-*} nemesis options: {@code proxy-api} (API key names,
 * comma-separated), {@code proxy-target} (leader, coordinator, group-coordinator, any), {@code proxy-share},
 * {@code proxy-release-after} and {@code proxy-hold-ms} (hold), {@code proxy-delay-ms} ({@code MIN-MAX}) and
 * {@code proxy-responses} (delay), {@code proxy-error} (error).
 */
public final class ProtocolFaults {
    private static final Set<String> TARGETS = Set.of("leader", "coordinator", "group-coordinator", "any");

    private ProtocolFaults() {
    }

    /** Binds the five protocol faults of the catalogue ({@code NemesisOps}) to their nemesis. */
    public static void bind(NemesisRegistry r, NemesisOptions o) {
        r.bind("hold-request", () -> new ProtocolNemesis("hold-request", NemesisOps.PROXY_HOLD,
                rule(o, "hold").withCount(1).withRelease(api(o.text("proxy-release-after")), o.positive("proxy-hold-ms")),
                target(o)));
        r.bind("delay-requests", () -> new ProtocolNemesis("delay-requests", NemesisOps.PROXY_DELAY,
                withDelay(rule(o, "delay"), o, "proxy-delay-ms", o.flag("proxy-responses")), target(o)));
        r.bind("drop-responses", () -> new ProtocolNemesis("drop-responses", NemesisOps.PROXY_DROP_RESPONSE,
                rule(o, "drop-response"), target(o)));
        r.bind("duplicate-requests", () -> new ProtocolNemesis("duplicate-requests", NemesisOps.PROXY_DUPLICATE,
                rule(o, "duplicate"), target(o)));
        r.bind("error-responses", () -> new ProtocolNemesis("error-responses", NemesisOps.PROXY_ERROR,
                rule(o, "error").withError(error(o.text("proxy-error"))), target(o)));
    }

    private static ProtocolRule rule(NemesisOptions o, String kind) {
        List<String> apis = Arrays.stream(o.text("proxy-api").split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .map(ProtocolFaults::api).toList();
        return ProtocolRule.of("template", kind, apis).withShare(o.share("proxy-share"));
    }

    /** {@code r} with the delay range of the option {@code key} ({@code MS} or {@code MIN-MAX}, at most 15000). */
    static ProtocolRule withDelay(ProtocolRule r, NemesisOptions o, String key, boolean onResponses) {
        String range = o.text(key);
        String[] parts = range.split("-", 2);
        try {
            long min = Long.parseLong(parts[0].trim());
            long max = parts.length > 1 ? Long.parseLong(parts[1].trim()) : min;
            if (min >= 0 && max >= min && max <= 15_000) return r.withDelay(min, max, onResponses);
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("--nemesis-option " + key + " must be MS or MIN-MAX (at most 15000), not '" + range + "'");
    }

    static String target(NemesisOptions o) {
        String t = o.text("proxy-target");
        if (TARGETS.contains(t)) return t;
        throw new IllegalArgumentException("--nemesis-option proxy-target must be one of " + new TreeSet<>(TARGETS) + ", not '" + t + "'");
    }

    private static String api(String name) {
        if (name == null) return null;
        try {
            return ApiKeys.valueOf(name.toUpperCase()).name();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown Kafka API key '" + name + "' in a proxy-* nemesis option; e.g. PRODUCE, END_TXN, "
                    + "ADD_PARTITIONS_TO_TXN, TXN_OFFSET_COMMIT, OFFSET_COMMIT, FETCH");
        }
    }

    /**
     * The error name, checked against Kafka's {@code Errors} constants by reflection without initializing the class:
     * its static logger would otherwise set up the client logging before the run points it at client.log.
     */
    private static String error(String name) {
        String upper = name.toUpperCase();
        if (Arrays.stream(Errors.class.getDeclaredFields()).anyMatch(f -> f.isEnumConstant() && f.getName().equals(upper))) return upper;
        throw new IllegalArgumentException("unknown Kafka error '" + name + "' in --nemesis-option proxy-error; e.g. NOT_LEADER_OR_FOLLOWER, "
                + "REQUEST_TIMED_OUT, NOT_ENOUGH_REPLICAS, COORDINATOR_LOAD_IN_PROGRESS, CONCURRENT_TRANSACTIONS");
    }
}
