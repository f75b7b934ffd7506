package io.kchaos.backend.ssh;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Each host's clock against the control node's, measured at start: the host's {@code date +%s%N} minus the midpoint of
 * the round trip that asked for it, from the fastest of a few round trips. Recorded in run.json; history times stay
 * the control node's.
 */
final class ClockOffsets {
    private static final int SAMPLES = 5;

    private ClockOffsets() {
    }

    /** One host's offset (host minus control node) and the round trip it was measured with, in milliseconds. */
    record Offset(double offsetMs, double roundTripMs) {
    }

    static Offset measure(RemoteShell shell) {
        Offset best = null;
        for (int i = 0; i < SAMPLES; i++) {
            Instant now = Instant.now();
            long t0 = now.getEpochSecond() * 1_000_000_000L + now.getNano();
            long start = System.nanoTime();
            String out = shell.exec("date +%s%N").stdout().trim();
            long rtt = System.nanoTime() - start;
            if (!out.matches("\\d{10,}")) continue;
            double remoteMs = Long.parseLong(out) / 1e6;
            double midMs = (t0 + rtt / 2.0) / 1e6;
            Offset o = new Offset(round(remoteMs - midMs), round(rtt / 1e6));
            if (best == null || o.roundTripMs() < best.roundTripMs()) best = o;
        }
        if (best == null) throw new HostAccessException(shell.host(), "cannot read its clock (date +%s%N)");
        return best;
    }

    /** run.json's {@code host-clock-offsets}: node → {offset-ms, round-trip-ms}. */
    static Map<String, Object> toJson(Map<Integer, Offset> offsets) {
        Map<String, Object> m = new LinkedHashMap<>();
        offsets.forEach((id, o) -> m.put(Integer.toString(id), Map.of("offset-ms", o.offsetMs(), "round-trip-ms", o.roundTripMs())));
        return m;
    }

    private static double round(double ms) {
        return Math.round(ms * 100) / 100.0;
    }
}
