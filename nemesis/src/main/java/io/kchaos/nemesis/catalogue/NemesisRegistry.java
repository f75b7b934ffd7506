package io.kchaos.nemesis.catalogue;

import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.network.NetworkFaultOptions;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Makes the nemeses of a run from {@code --nemesis} names (and former names): each a fault of the
 * {@link FaultCatalogue}, its worker built by the spec's factory from the run's settings.
 */
public final class NemesisRegistry {
    private final NemesisOptions options;
    private final NetworkFaultOptions network;

    private NemesisRegistry(NetworkFaultOptions network, NemesisOptions options) {
        this.network = network;
        this.options = options;
    }

    /** The registry with every built-in nemesis, network faults with their default settings. */
    public static NemesisRegistry builtIn() {
        return builtIn(NetworkFaultOptions.defaults());
    }

    /** The registry with every built-in nemesis, network faults with these settings. */
    public static NemesisRegistry builtIn(NetworkFaultOptions net) {
        return builtIn(net, NemesisOptions.none());
    }

    /** The registry with every built-in nemesis: network faults with these settings, the others tuned by {@code options}. */
    public static NemesisRegistry builtIn(NetworkFaultOptions net, NemesisOptions options) {
        return new NemesisRegistry(net, options);
    }

    /**
     * Parses a comma-separated list; throws IllegalArgumentException naming an unknown name and the known ones, or a
     * retired name and the name of today.
     */
    public List<Nemesis> parse(List<String> names) {
        List<Nemesis> out = new ArrayList<>();
        for (String raw : names) {
            String name = raw.trim();
            if (name.isEmpty()) continue;
            Optional<RetiredName> retired = FaultCatalogue.retired(name);
            if (retired.isPresent()) throw new IllegalArgumentException(retired.get().message());
            FaultSpec spec = FaultCatalogue.spec(name).orElseThrow(() -> new IllegalArgumentException("unknown nemesis '" + name
                    + "'; known: " + String.join(", ", names())));
            out.add(create(spec));
        }
        if (out.isEmpty()) throw new IllegalArgumentException("no nemesis given; use 'none' for no faults");
        return out;
    }

    /** The names of the faults that need this capability, in the catalogue's order. */
    public List<String> namesRequiring(Capability capability) {
        return FaultCatalogue.specs().stream().filter(s -> s.capabilities().contains(capability)).map(FaultSpec::name).toList();
    }

    /** Every fault's name, in the catalogue's order. */
    public Set<String> names() {
        Set<String> out = new LinkedHashSet<>();
        FaultCatalogue.specs().forEach(s -> out.add(s.name()));
        return out;
    }

    /** A fresh instance of the fault named {@code name} (its name of today). */
    public Nemesis create(String name) {
        return create(FaultCatalogue.specs().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no fault named " + name)));
    }

    private Nemesis create(FaultSpec spec) {
        return new CataloguedNemesis(spec, spec.factory().apply(new FaultBuild(spec.name(), options, network)));
    }
}
