package io.kchaos.cluster.net;

import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads iptables rules back from the places they were put (a namespace, a host: whatever {@code K} names) until every
 * rule placed is listed there and every rule removed is not ({@link EffectWait}); otherwise throws
 * {@link FaultNotHeld} naming each rule still missing or still there.
 */
public final class RuleReadback<K> {
    private final Function<K, RuleListing> list;
    private final Function<K, String> name;
    private final Duration bound;

    /**
     * @param list  the {@code iptables -S} listing of one place
     * @param name  the place in words, for the error ("kchaos-4242a-n2", "host 2 (root@10.0.0.12:22)")
     * @param bound how long the rules may take to be read back
     */
    public RuleReadback(Function<K, RuleListing> list, Function<K, String> name, Duration bound) {
        this.list = list;
        this.name = name;
        this.bound = bound;
    }

    /** The rules of {@code items} grouped by the place each was put, in order. */
    public static <T, K> Map<K, List<IptablesRule>> byPlace(Collection<T> items, Function<T, K> place, Function<T, IptablesRule> rule) {
        Map<K, List<IptablesRule>> m = new LinkedHashMap<>();
        for (T item : items) m.computeIfAbsent(place.apply(item), k -> new ArrayList<>()).add(rule.apply(item));
        return m;
    }

    /**
     * Returns once, at each place, every rule of {@code placed} is listed (as often as it was placed) and no rule of
     * {@code removed} is, unless it was placed again.
     *
     * @param effect what should hold, in words ("partition [[1], [2, 3]]")
     */
    public void await(String effect, Map<K, List<IptablesRule>> placed, Map<K, List<IptablesRule>> removed) {
        Set<K> places = new LinkedHashSet<>(placed.keySet());
        places.addAll(removed.keySet());
        if (places.isEmpty()) return;
        EffectWait.until(effect, bound, () -> discrepancies(places, placed, removed), List::isEmpty,
                seen -> String.join("; ", seen));
    }

    /** Returns once no rule of {@code removed} is listed where it was. */
    public void awaitGone(String effect, Map<K, List<IptablesRule>> removed) {
        await(effect, Map.of(), removed);
    }

    /** What the listings show that should not be so: one phrase per missing or left rule, or unreadable place. */
    private List<String> discrepancies(Set<K> places, Map<K, List<IptablesRule>> placed, Map<K, List<IptablesRule>> removed) {
        List<String> seen = new ArrayList<>();
        for (K place : places) {
            RuleListing listing = list.apply(place);
            String where = name.apply(place);
            if (listing.unreadable() != null) {
                seen.add(where + ": rules not readable (" + listing.unreadable() + ")");
                continue;
            }
            List<IptablesRule> wanted = placed.getOrDefault(place, List.of());
            for (IptablesRule r : distinct(wanted)) {
                long times = wanted.stream().filter(w -> RuleListing.sameListed(w, r)).count();
                int listed = listing.count(r);
                if (listed < times) seen.add("missing in " + where + ": " + text(r) + (times > 1 ? " (" + listed + " of " + times + ")" : ""));
            }
            for (IptablesRule r : distinct(removed.getOrDefault(place, List.of()))) {
                boolean placedAgain = wanted.stream().anyMatch(w -> RuleListing.sameListed(w, r));
                if (!placedAgain && listing.count(r) > 0) seen.add("still in " + where + ": " + text(r));
            }
        }
        return seen;
    }

    private static List<IptablesRule> distinct(List<IptablesRule> rules) {
        List<IptablesRule> out = new ArrayList<>();
        for (IptablesRule r : rules) if (out.stream().noneMatch(o -> RuleListing.sameListed(o, r))) out.add(r);
        return out;
    }

    private static String text(IptablesRule r) {
        return String.join(" ", r.spec());
    }
}
