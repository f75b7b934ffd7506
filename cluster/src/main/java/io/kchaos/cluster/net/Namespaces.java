package io.kchaos.cluster.net;

import io.kchaos.cluster.os.CommandResult;

import java.util.ArrayList;
import java.util.List;

/** Commands run inside a Linux network namespace ({@code ip netns exec}), for the backends that make namespaces. */
public final class Namespaces {
    /** What {@code ip netns exec} says when the namespace is gone: whatever was set inside it went with it. */
    private static final String GONE = "Cannot open network namespace";

    private Namespaces() {
    }

    /** Whether the command failed because its namespace no longer exists. */
    public static boolean gone(CommandResult result) {
        return !result.ok() && result.stderr().contains(GONE);
    }

    /** {@code command} as run inside {@code namespace}. */
    public static List<String> exec(String namespace, String... command) {
        return exec(namespace, List.of(command));
    }

    /** {@code command} as run inside {@code namespace}. */
    public static List<String> exec(String namespace, List<String> command) {
        List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        c.addAll(command);
        return c;
    }
}
