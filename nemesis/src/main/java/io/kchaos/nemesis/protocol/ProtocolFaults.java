package io.kchaos.nemesis.protocol;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.cluster.ProtocolRule;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Builds the protocol faults of the kchaos proxy, each named as the op it records and tuned by the {@code proxy-*}
 * nemesis options: {@code proxy-api} (API key names, comma-separated), {@code proxy-target} (leader, coordinator,
 * group-coordinator, any), {@code proxy-share}, {@code proxy-release-after} and {@code proxy-hold-ms} (hold),
 * {@code proxy-delay-ms} ({@code MIN-MAX}) and {@code proxy-responses} (delay), {@code proxy-error} (error).
 */
public final class ProtocolFaults {
    private static final Set<String> TARGETS = Set.of("leader", "coordinator", "group-coordinator", "any");
    private static final long MAX_DELAY_MS = 15_000;

    private ProtocolFaults() {
    }

    /** {@code proxy-hold}: one matching request held back and delivered late. */
    public static ProtocolNemesis hold(NemesisOptions o) {
        return nemesis(NemesisOps.PROXY_HOLD, requests(o, NemesisOps.PROXY_HOLD).withCount(1)
                .withRelease(api(o.text("proxy-release-after")), o.positive("proxy-hold-ms")), o);
    }

    /** {@code proxy-delay}: a share of matching requests (or their responses) delayed. */
    public static ProtocolNemesis delay(NemesisOptions o) {
        return nemesis(NemesisOps.PROXY_DELAY, withDelay(requests(o, NemesisOps.PROXY_DELAY), o, "proxy-delay-ms", o.flag("proxy-responses")), o);
    }

    /** {@code proxy-drop-response}: matching requests forwarded, their responses thrown away. */
    public static ProtocolNemesis dropResponse(NemesisOptions o) {
        return nemesis(NemesisOps.PROXY_DROP_RESPONSE, requests(o, NemesisOps.PROXY_DROP_RESPONSE), o);
    }

    /** {@code proxy-duplicate}: matching requests delivered twice. */
    public static ProtocolNemesis duplicate(NemesisOptions o) {
        return nemesis(NemesisOps.PROXY_DUPLICATE, requests(o, NemesisOps.PROXY_DUPLICATE), o);
    }

    /** {@code proxy-error}: matching requests answered with an error instead of forwarded. */
    public static ProtocolNemesis error(NemesisOptions o) {
        return nemesis(NemesisOps.PROXY_ERROR, requests(o, NemesisOps.PROXY_ERROR).withError(error(o.text("proxy-error"))), o);
    }

    /** The fault recording {@code op}, named as it, with rules like {@code template} aimed at the {@code proxy-target}. */
    static ProtocolNemesis nemesis(FaultOp op, ProtocolRule template, NemesisOptions o) {
        return new ProtocolNemesis(op.f(), op, template, target(o));
    }

    /** The rule template of {@code op} (its kind: the op's name without {@code proxy-}) on {@code apis} (none: every byte). */
    static ProtocolRule rule(FaultOp op, List<String> apis) {
        return ProtocolRule.of("template", NemesisOps.proxyRuleKind(op.f()), apis);
    }

    private static ProtocolRule requests(NemesisOptions o, FaultOp op) {
        List<String> apis = Arrays.stream(o.text("proxy-api").split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .map(ProtocolFaults::api).toList();
        return rule(op, apis).withShare(o.share("proxy-share"));
    }

    /** {@code r} with the delay range of the option {@code key} ({@code MS} or {@code MIN-MAX}, at most 15000). */
    static ProtocolRule withDelay(ProtocolRule r, NemesisOptions o, String key, boolean onResponses) {
        String range = o.text(key);
        String[] parts = range.split("-", 2);
        try {
            long min = Long.parseLong(parts[0].trim());
            long max = parts.length > 1 ? Long.parseLong(parts[1].trim()) : min;
            if (min >= 0 && max >= min && max <= MAX_DELAY_MS) return r.withDelay(min, max, onResponses);
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("--nemesis-option " + key + " must be MS or MIN-MAX (at most " + MAX_DELAY_MS + "), not '" + range + "'");
    }

    private static String target(NemesisOptions o) {
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
