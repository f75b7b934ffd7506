package io.kchaos.nemesis.catalogue;

import io.kchaos.history.FaultOp;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisSetting;
import io.kchaos.nemesis.cluster.Capability;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One fault as data (Trogdor's idea: the spec apart from the worker that runs it): its {@code --nemesis} name, what it
 * does, the fault ops it records, the {@code --nemesis-option} settings it reads, what the backend must be able to do
 * for it, its older names, and how to build its worker. Declared in {@link FaultCatalogue}; {@code run --help},
 * {@code kchaos nemeses}, docs/format.md and README.md are generated from it.
 *
 * @param name         the {@code --nemesis} name
 * @param description  what it does, in one line
 * @param ops          the fault ops it records
 * @param settings     the {@code --nemesis-option} settings it reads
 * @param capabilities what the cluster backend must be able to do for it
 * @param formerly     older {@code --nemesis} names still accepted for it
 * @param factory      builds its worker from the run's settings
 */
public record FaultSpec(String name, String description, List<FaultOp> ops, List<NemesisSetting> settings, Set<Capability> capabilities,
                        List<String> formerly, Function<FaultBuild, FaultInjector> factory) {
    public FaultSpec {
        ops = List.copyOf(ops);
        settings = List.copyOf(settings);
        capabilities = capabilities.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(capabilities));
        formerly = List.copyOf(formerly);
    }

    /** A fault that reads no settings, needs nothing and had no other name. */
    static FaultSpec of(String name, String description, Function<FaultBuild, FaultInjector> factory, FaultOp... ops) {
        return new FaultSpec(name, description, List.of(ops), List.of(), Set.of(), List.of(), factory);
    }

    /** This spec, reading {@code more} too. */
    FaultSpec reads(NemesisSetting... more) {
        List<NemesisSetting> all = new ArrayList<>(settings);
        all.addAll(List.of(more));
        return new FaultSpec(name, description, ops, all, capabilities, formerly, factory);
    }

    /** This spec, needing {@code more} of the backend too. */
    FaultSpec needs(Capability... more) {
        Set<Capability> all = EnumSet.noneOf(Capability.class);
        all.addAll(capabilities);
        all.addAll(List.of(more));
        return new FaultSpec(name, description, ops, settings, all, formerly, factory);
    }

    /** This spec, also accepted under an older name. */
    FaultSpec formerly(String oldName) {
        List<String> all = new ArrayList<>(formerly);
        all.add(oldName);
        return new FaultSpec(name, description, ops, settings, capabilities, all, factory);
    }

    /**
     * What a run needs for it, from its capabilities, as the docs print it: e.g. {@code `--backend local`, root}
     * (and {@code `--controllers N`} for dedicated controllers);
     * empty when it runs everywhere.
     */
    public String needs() {
        StringJoiner j = new StringJoiner(", ");
        new TreeSet<>(capabilities.stream().flatMap(c -> c.backend().stream()).toList()).forEach(b -> j.add("`--backend " + b + "`"));
        if (capabilities.stream().anyMatch(Capability::root)) j.add("root");
        if (capabilities.contains(Capability.DEDICATED_CONTROLLERS)) j.add("`--controllers N`");
        if (capabilities.contains(Capability.DYNAMIC_QUORUM)) j.add("`--quorum dynamic`");
        if (capabilities.contains(Capability.OBSERVING_CONTROLLERS)) j.add("`--initial-voters K` below `--controllers N`");
        if (capabilities.contains(Capability.JBOD)) j.add("`--log-dirs 2`");
        if (capabilities.contains(Capability.REMOTE_TIER)) j.add("`--tiered`");
        return j.toString();
    }
}
