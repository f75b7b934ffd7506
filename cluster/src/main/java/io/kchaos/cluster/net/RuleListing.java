package io.kchaos.cluster.net;

import io.kchaos.cluster.os.CommandResult;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules one {@code iptables -S} (or {@code iptables-save}) listing shows, matched word for word against
 * {@link IptablesRule#spec()} once both are written the way iptables prints a rule back: an IPv4 address gets its
 * {@code /32}, {@code -p tcp} its implicit {@code -m tcp}, a {@code statistic} probability is compared in the kernel's
 * steps of 2^-31. A listing that could not be read holds no rule and says why.
 */
public final class RuleListing {
    private static final double PROBABILITY_STEPS = 0x80000000L;

    private final List<List<String>> rules;
    private final String unreadable;

    private RuleListing(List<List<String>> rules, String unreadable) {
        this.rules = rules;
        this.unreadable = unreadable;
    }

    /** The {@code -A} lines of a listing; policies, chain headers and comments are skipped. */
    public static RuleListing of(String listing) {
        List<List<String>> rules = new ArrayList<>();
        listing.lines().map(String::strip).filter(l -> l.startsWith("-A ")).forEach(l -> rules.add(canonical(words(l))));
        return new RuleListing(List.copyOf(rules), null);
    }

    /** The listing {@link IptablesRule#LIST} printed; a namespace that is gone lists no rule. */
    public static RuleListing read(CommandResult r) {
        if (r.ok()) return of(r.stdout());
        return Namespaces.gone(r) ? of("") : unreadable(r.stderr().strip());
    }

    /** A listing that could not be had ({@code why}: the command's error). */
    public static RuleListing unreadable(String why) {
        return new RuleListing(List.of(), why);
    }

    /** Null when the listing was read, else why not. */
    public String unreadable() {
        return unreadable;
    }

    /** How many listed rules are this rule (its chain, match, comment and target; a namespace is not listed). */
    public int count(IptablesRule rule) {
        List<String> wanted = canonical(rule.spec());
        return (int) rules.stream().filter(wanted::equals).count();
    }

    /** Whether two rules read back alike (same chain, match, comment and target as iptables prints them). */
    static boolean sameListed(IptablesRule a, IptablesRule b) {
        return canonical(a.spec()).equals(canonical(b.spec()));
    }

    private static String probabilitySteps(String probability) {
        try {
            return Long.toString(Math.round(Double.parseDouble(probability) * PROBABILITY_STEPS));
        } catch (NumberFormatException e) {
            return probability;
        }
    }

    /** The words of a rule line; double quotes group words ({@code --comment "a b"}), a backslash escapes. */
    static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                w.append(line.charAt(++i));
                inWord = true;
            } else if (c == '"') {
                quoted = !quoted;
                inWord = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (inWord) out.add(w.toString());
                w.setLength(0);
                inWord = false;
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (inWord) out.add(w.toString());
        return out;
    }

    /** The words as iptables prints them back, so that a rule as added and as listed compare equal. */
    static List<String> canonical(List<String> words) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String next = i + 1 < words.size() ? words.get(i + 1) : null;
            out.add(w);
            if (next == null) continue;
            if ((w.equals("-s") || w.equals("-d")) && next.matches("[0-9.]+")) {
                out.add(next + "/32");
                i++;
            } else if (w.equals("-p")) {
                out.add(next);
                i++;
                boolean implicit = i + 2 < words.size() && words.get(i + 1).equals("-m") && words.get(i + 2).equals(next);
                if (implicit) i += 2;
            } else if (w.equals("--probability")) {
                out.add(probabilitySteps(next));
                i++;
            }
        }
        return out;
    }
}
