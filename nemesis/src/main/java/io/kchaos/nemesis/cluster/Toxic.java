package io.kchaos.nemesis.cluster;

import java.util.LinkedHashMap;
import java.util.Map;

/** One Toxiproxy toxic with its parameters: what {@link ToxicControl#add} puts on a proxy's connections, both directions. */
public sealed interface Toxic permits Toxic.Latency, Toxic.Bandwidth, Toxic.Timeout, Toxic.ResetPeer {
    /** Toxiproxy's type name, e.g. {@code latency}. */
    String type();

    /** The parameters, named as recorded in the history, e.g. {@code latency-ms}. */
    Map<String, Long> attributes();

    /** Delays every chunk of data by {@code latencyMs} ± {@code jitterMs}. */
    record Latency(long latencyMs, long jitterMs) implements Toxic {
        public String type() {
            return "latency";
        }

        public Map<String, Long> attributes() {
            Map<String, Long> m = new LinkedHashMap<>();
            m.put("latency-ms", latencyMs);
            m.put("jitter-ms", jitterMs);
            return m;
        }
    }

    /** Limits the connection to {@code kilobytesPerSecond}. */
    record Bandwidth(long kilobytesPerSecond) implements Toxic {
        public String type() {
            return "bandwidth";
        }

        public Map<String, Long> attributes() {
            return Map.of("rate-kb-per-s", kilobytesPerSecond);
        }
    }

    /** Lets no data through and closes the connection after {@code timeoutMs} (never, when 0). */
    record Timeout(long timeoutMs) implements Toxic {
        public String type() {
            return "timeout";
        }

        public Map<String, Long> attributes() {
            return Map.of("timeout-ms", timeoutMs);
        }
    }

    /** Resets the connection (TCP RST) after {@code timeoutMs} (at once, when 0). */
    record ResetPeer(long timeoutMs) implements Toxic {
        public String type() {
            return "reset_peer";
        }

        public Map<String, Long> attributes() {
            return Map.of("timeout-ms", timeoutMs);
        }
    }
}
