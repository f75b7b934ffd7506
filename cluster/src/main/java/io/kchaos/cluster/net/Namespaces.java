package io.kchaos.cluster.net;

import java.util.ArrayList;
import java.util.List;

/** Commands run inside a Linux network namespace ({@code ip netns exec}), for the backends that make namespaces. */
public final class Namespaces {
    private Namespaces() {
    }

    /** {@code command} as run inside {@code namespace}. */
    public static List<String> exec(String namespace, String... command) {
        List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        c.addAll(List.of(command));
        return c;
    }
}
