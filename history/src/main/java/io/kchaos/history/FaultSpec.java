package io.kchaos.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * One fault as data (Trogdor's idea: the spec apart from the worker that runs it): its {@code --nemesis} name, what it
 * does, the fault ops it records (each with its heals), the {@code --nemesis-option} settings it reads with their
 * defaults, and what a run needs for it. Declared in {@link NemesisOps}; the nemesis module binds each to the class
 * that injects it; {@code run --help}, {@code kchaos nemeses}, docs/format.md and README.md are generated from it.
 *
 * @param name        the {@code --nemesis} name
 * @param description what it does, in one line
 * @param ops         the fault ops it records
 * @param options     the {@code --nemesis-option} settings it reads
 * @param needs       what the run needs for it
 * @param formerly    older {@code --nemesis} names still accepted for it
 */
public record FaultSpec(String name, String description, List<FaultOp> ops, List<Option> options, Needs needs, List<String> formerly) {
    public FaultSpec {
        ops = List.copyOf(ops);
        options = List.copyOf(options);
        formerly = List.copyOf(formerly);
    }

    /**
     * A {@code --nemesis-option KEY=VALUE} setting.
     *
     * @param key          the key
     * @param defaultValue its value when not given
     * @param meaning      what it does, in a phrase
     */
    public record Option(String key, String defaultValue, String meaning) {
    }

    /**
     * What a run needs for a fault; {@link #NOTHING} when it runs everywhere.
     *
     * @param root    root (network namespaces, iptables, mounts)
     * @param backend the one backend that can inject it ({@code local}, {@code docker}), or null for any
     * @param kafka   the Kafka versions it applies to (e.g. {@code >= 3.9}), or null for any
     */
    public record Needs(boolean root, String backend, String kafka) {
        public static final Needs NOTHING = new Needs(false, null, null);

        /** The needs as the docs print them, e.g. {@code --backend local, root}; empty when nothing. */
        public String text() {
            StringJoiner j = new StringJoiner(", ");
            if (backend != null) j.add("`--backend " + backend + "`");
            if (root) j.add("root");
            if (kafka != null) j.add("Kafka " + kafka);
            return j.toString();
        }
    }

    /** This spec, reading {@code option} too. */
    public FaultSpec option(String key, String defaultValue, String meaning) {
        List<Option> more = new ArrayList<>(options);
        more.add(new Option(key, defaultValue, meaning));
        return new FaultSpec(name, description, ops, more, needs, formerly);
    }

    /** This spec, needing root. */
    public FaultSpec root() {
        return new FaultSpec(name, description, ops, options, new Needs(true, needs.backend(), needs.kafka()), formerly);
    }

    /** This spec, injectable by {@code backend} only. */
    public FaultSpec backend(String backend) {
        return new FaultSpec(name, description, ops, options, new Needs(needs.root(), backend, needs.kafka()), formerly);
    }

    /** This spec, also accepted under an older name. */
    public FaultSpec formerly(String oldName) {
        List<String> more = new ArrayList<>(formerly);
        more.add(oldName);
        return new FaultSpec(name, description, ops, options, needs, more);
    }

    /** The setting {@code key} this fault reads, if it reads it. */
    public Optional<Option> findOption(String key) {
        return options.stream().filter(o -> o.key().equals(key)).findFirst();
    }
}
