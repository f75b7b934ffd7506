package io.kchaos.nemesis.protocol;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.cluster.ProtocolRule;

import java.util.List;

/**
 * Builds the link faults of the kchaos proxy (Toxiproxy's toxics where no Toxiproxy runs): {@code proxy-latency},
 * {@code proxy-bandwidth}, {@code proxy-slice}, {@code proxy-reset}, {@code proxy-blackhole}, each a rule on every byte
 * of the target node's client connections, tuned by its {@code proxy-*} nemesis options.
 */
public final class LinkFaults {
    private static final long MAX_DELAY_MS = 15_000;

    private LinkFaults() {
    }

    /** {@code proxy-latency}: every chunk arrives proxy-latency-ms ± proxy-jitter-ms late. */
    public static ProtocolNemesis latency(NemesisOptions o) {
        int mean = o.positive("proxy-latency-ms");
        int jitter = o.nonNegative("proxy-jitter-ms");
        if (jitter > mean || mean + jitter > MAX_DELAY_MS) {
            throw new IllegalArgumentException("--nemesis-option proxy-jitter-ms must be at most proxy-latency-ms, and their sum at most "
                    + MAX_DELAY_MS + " ms");
        }
        return ProtocolFaults.nemesis(NemesisOps.PROXY_LATENCY, link(NemesisOps.PROXY_LATENCY).withDelay(mean - jitter, mean + jitter, false), o);
    }

    /** {@code proxy-bandwidth}: at most proxy-rate bytes a second each way. */
    public static ProtocolNemesis bandwidth(NemesisOptions o) {
        return ProtocolFaults.nemesis(NemesisOps.PROXY_BANDWIDTH, link(NemesisOps.PROXY_BANDWIDTH).withRate(o.positive("proxy-rate")), o);
    }

    /** {@code proxy-slice}: everything written in small slices, a little apart. */
    public static ProtocolNemesis slice(NemesisOptions o) {
        int bytes = o.positive("proxy-slice-bytes");
        if (bytes < 2 || bytes > 1_000_000) throw new IllegalArgumentException("--nemesis-option proxy-slice-bytes must be in [2, 1000000], not " + bytes);
        return ProtocolFaults.nemesis(NemesisOps.PROXY_SLICE,
                ProtocolFaults.withDelay(link(NemesisOps.PROXY_SLICE).withSlices(bytes), o, "proxy-slice-delay-ms", false), o);
    }

    /** {@code proxy-reset}: the connections reset, and each new one until healed. */
    public static ProtocolNemesis reset(NemesisOptions o) {
        return ProtocolFaults.nemesis(NemesisOps.PROXY_RESET, link(NemesisOps.PROXY_RESET), o);
    }

    /** {@code proxy-blackhole}: the connections stay open and pass nothing until healed. */
    public static ProtocolNemesis blackhole(NemesisOptions o) {
        return ProtocolFaults.nemesis(NemesisOps.PROXY_BLACKHOLE, link(NemesisOps.PROXY_BLACKHOLE), o);
    }

    private static ProtocolRule link(FaultOp op) {
        return ProtocolFaults.rule(op, List.of());
    }
}
