package io.kchaos.cluster.net;

import io.kchaos.cluster.os.CommandResult;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A device's root qdisc as {@code tc qdisc show dev <device>} lists it ({@code qdisc netem 8001: root refcnt 2 limit
 * 100000 delay 200ms  50ms}): its kind and, for netem, the delay and jitter it holds packets for.
 *
 * @param kind     {@code netem}, {@code noqueue}, ...; empty when the device lists no root qdisc, null when unreadable
 * @param delayMs  netem's delay (0 when none)
 * @param jitterMs netem's jitter (0 when none)
 * @param seen     the listed line (or why nothing could be listed), for the error
 */
public record RootQdisc(String kind, double delayMs, double jitterMs, String seen) {
    private static final Pattern TIME = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(s|ms|us|ns)");
    /** tc prints times with 3 significant digits ({@code %.3g}): 1234 ms reads back as 1.23 s. */
    private static final double PRINTED_PRECISION = 0.005;

    /** The root qdisc in {@code tc qdisc show dev X} output. */
    public static RootQdisc parse(String tcShow) {
        for (String line : tcShow.lines().map(String::strip).toList()) {
            List<String> w = List.of(line.split("\\s+"));
            if (w.size() < 2 || !w.get(0).equals("qdisc") || !w.contains("root")) continue;
            int at = w.indexOf("delay");
            double delay = at >= 0 && at + 1 < w.size() ? millis(w.get(at + 1)) : -1;
            double jitter = delay >= 0 && at + 2 < w.size() ? millis(w.get(at + 2)) : -1;
            return new RootQdisc(w.get(1), Math.max(0, delay), Math.max(0, jitter), line);
        }
        return new RootQdisc("", 0, 0, "no root qdisc listed");
    }

    /** The root qdisc a {@code tc qdisc show dev X} printed; a namespace that is gone lists none. */
    public static RootQdisc read(CommandResult r) {
        if (r.ok()) return parse(r.stdout());
        return Namespaces.gone(r) ? parse("") : unreadable(r.stderr().strip());
    }

    /** The qdiscs could not be listed ({@code why}: the command's error). */
    public static RootQdisc unreadable(String why) {
        return new RootQdisc(null, 0, 0, "qdiscs not readable (" + why + ")");
    }

    public boolean netem() {
        return "netem".equals(kind);
    }

    /** Whether this is netem delaying by {@code delayMs} ± {@code jitterMs}, at the precision tc prints. */
    public boolean delays(int delayMs, int jitterMs) {
        return netem() && near(this.delayMs, delayMs) && near(this.jitterMs, jitterMs);
    }

    /** Whether the listing was read and shows no netem at the root. */
    public boolean undelayed() {
        return kind != null && !netem();
    }

    private static boolean near(double seen, int wanted) {
        return Math.abs(seen - wanted) <= wanted * PRINTED_PRECISION + 1e-3;
    }

    /** A tc time ({@code 200ms}, {@code 1.5s}, {@code 800us}) in milliseconds; -1 when the word is not one. */
    private static double millis(String word) {
        Matcher m = TIME.matcher(word);
        if (!m.matches()) return -1;
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "s" -> v * 1000;
            case "ms" -> v;
            case "us" -> v / 1000;
            default -> v / 1_000_000;
        };
    }
}
