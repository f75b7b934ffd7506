package io.kchaos.harness.run;

import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.cluster.Capability;

import java.util.List;
import java.util.Set;

/** Refuses, before anything starts, the nemeses a chosen cluster backend cannot inject. */
public final class Capabilities {
    private Capabilities() {
    }

    /** Throws IllegalArgumentException (one line) naming each nemesis that needs a capability outside {@code available}. */
    public static void refuse(List<Nemesis> nemeses, Set<Capability> available, String backend) {
        List<String> problems = nemeses.stream().flatMap(n -> n.requires().stream().sorted().filter(c -> !available.contains(c)).limit(1)
                .map(c -> "nemesis '" + n.name() + "' is unavailable with " + backend + ": " + c.need())).distinct().toList();
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
    }
}
