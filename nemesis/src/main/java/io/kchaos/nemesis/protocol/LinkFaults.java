package io.kchaos.nemesis.protocol;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRegistry;
import io.kchaos.nemesis.cluster.ProtocolRule;

import java.util.List;

/**
 * Binds the link faults of the kchaos proxy (Toxiproxy's toxics where no Toxiproxy runs): {@code proxy-latency},
 * {@code proxy-bandwidth}, {@code proxy-slice}, {@code proxy-reset}, {@code proxy-blackhole}, each a rule on every byte
 * of the target node's client connections, tuned by its {@code proxy-*} nemesis options.
 */
public final class LinkFaults {
    private static final long MAX_DELAY_MS = 15_000;

    private LinkFaults() {
    }

    /** Binds the five link faults of the catalogue ({@code NemesisOps}) to their nemesis. */
    public static void bind(NemesisRegistry r, NemesisOptions o) {
        r.bind("proxy-latency", () -> {
            int mean = o.positive("proxy-latency-ms");
            int jitter = o.nonNegative("proxy-jitter-ms");
            if (jitter > mean || mean + jitter > MAX_DELAY_MS) {
                throw new IllegalArgumentException("--nemesis-option proxy-jitter-ms must be at most proxy-latency-ms, and their sum at most "
                        + MAX_DELAY_MS + " ms");
            }
            return nemesis("proxy-latency", NemesisOps.PROXY_LATENCY, link("latency").withDelay(mean - jitter, mean + jitter, false), o);
        });
        r.bind("proxy-bandwidth", () -> nemesis("proxy-bandwidth", NemesisOps.PROXY_BANDWIDTH,
                link("bandwidth").withRate(o.positive("proxy-rate")), o));
        r.bind("proxy-slice", () -> {
            int bytes = o.positive("proxy-slice-bytes");
            if (bytes < 2 || bytes > 1_000_000) throw new IllegalArgumentException("--nemesis-option proxy-slice-bytes must be in [2, 1000000], not " + bytes);
            return nemesis("proxy-slice", NemesisOps.PROXY_SLICE,
                    ProtocolFaults.withDelay(link("slice").withSlices(bytes), o, "proxy-slice-delay-ms", false), o);
        });
        r.bind("proxy-reset", () -> nemesis("proxy-reset", NemesisOps.PROXY_RESET, link("reset"), o));
        r.bind("proxy-blackhole", () -> nemesis("proxy-blackhole", NemesisOps.PROXY_BLACKHOLE, link("blackhole"), o));
    }

    private static ProtocolRule link(String kind) {
        return ProtocolRule.of("template", kind, List.of());
    }

    private static ProtocolNemesis nemesis(String name, FaultOp op, ProtocolRule template, NemesisOptions o) {
        return new ProtocolNemesis(name, op, template, ProtocolFaults.target(o));
    }
}
