package io.kchaos.backend.local.net;

import io.kchaos.cluster.os.CommandResult;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the successful commands a {@link CapturingRunner} recorded would have set inside each namespace, listed the way
 * the machine lists it: iptables rules for {@code iptables -S} (as iptables 1.8 prints them back: addresses with
 * {@code /32}, probabilities in the kernel's 2^-31 steps), root qdiscs for {@code tc qdisc show}.
 */
final class SimulatedNamespaces {
    private static final String EXEC = "ip netns exec ";
    private static final String NO_QDISC = "qdisc noqueue 0: root refcnt 2";

    private final Map<String, List<String>> rules = new HashMap<>();
    private final Map<String, String> qdiscs = new HashMap<>();

    /** Whether the command line only reads what is set in a namespace (a read-back). */
    static boolean reads(String line) {
        String c = inside(line);
        return c != null && (c.equals("iptables -w 5 -S") || c.startsWith("tc qdisc show ") || c.startsWith("cat /proc/"));
    }

    /** The answer to a read-back; the queue table is not simulated (empty). */
    CommandResult answer(String line) {
        String ns = namespace(line);
        String c = inside(line);
        if (c.startsWith("iptables")) {
            StringBuilder out = new StringBuilder("-P INPUT ACCEPT\n-P FORWARD ACCEPT\n-P OUTPUT ACCEPT\n");
            rules.getOrDefault(ns, List.of()).forEach(r -> out.append(r).append('\n'));
            return ok(out.toString());
        }
        if (c.startsWith("tc")) return ok(qdiscs.getOrDefault(ns + " " + words(c).get(4), NO_QDISC) + "\n");
        return ok("");
    }

    /** Sets what a successful command sets: an iptables rule added or deleted, a root qdisc replaced or deleted. */
    void applied(String line) {
        String ns = namespace(line);
        String c = inside(line);
        if (ns == null) return;
        List<String> w = words(c);
        if (c.startsWith("iptables -w 5 -A ")) rules.computeIfAbsent(ns, k -> new ArrayList<>()).add(listed(w.get(4), w.subList(5, w.size())));
        if (c.startsWith("iptables -w 5 -I ")) rules.computeIfAbsent(ns, k -> new ArrayList<>()).add(0, listed(w.get(4), w.subList(6, w.size())));
        if (c.startsWith("iptables -w 5 -D ")) rules.getOrDefault(ns, new ArrayList<>()).remove(listed(w.get(4), w.subList(5, w.size())));
        if (c.startsWith("tc qdisc replace dev ")) {
            qdiscs.put(ns + " " + w.get(4), "qdisc " + w.get(6) + " 8001: root refcnt 2 " + String.join(" ", w.subList(7, w.size())));
        }
        if (c.startsWith("tc qdisc del dev ")) qdiscs.remove(ns + " " + w.get(4));
    }

    /** The rule as {@code iptables -S} prints it. */
    private static String listed(String chain, List<String> spec) {
        List<String> out = new ArrayList<>(List.of("-A", chain));
        for (int i = 0; i < spec.size(); i++) {
            String w = spec.get(i);
            out.add(w);
            if (i + 1 == spec.size()) continue;
            String next = spec.get(i + 1);
            if ((w.equals("-s") || w.equals("-d")) && !next.contains("/")) {
                out.add(next + "/32");
                i++;
            } else if (w.equals("--probability")) {
                long steps = Math.round(Double.parseDouble(next) * 0x80000000L);
                out.add(String.format(Locale.ROOT, "%.11f", steps / (double) 0x80000000L));
                i++;
            }
        }
        return String.join(" ", out);
    }

    private static String namespace(String line) {
        if (!line.startsWith(EXEC)) return null;
        return words(line).get(3);
    }

    /** The command run inside the namespace; null for one that is not. */
    private static String inside(String line) {
        if (!line.startsWith(EXEC)) return null;
        String rest = line.substring(EXEC.length());
        int space = rest.indexOf(' ');
        return space < 0 ? null : rest.substring(space + 1);
    }

    private static List<String> words(String s) {
        return List.of(s.split(" "));
    }

    private static CommandResult ok(String stdout) {
        return new CommandResult(0, stdout, "");
    }
}
