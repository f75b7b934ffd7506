package io.kchaos.backend.local.storage;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name a run gives each node's size-limited file system (the mount's source in {@code /proc/mounts}):
 * {@code kchaos-disk-<harness pid>-n<node>}, so the janitor of a later run knows whose it is.
 */
public final class DiskNames {
    private static final Pattern NAME = Pattern.compile("kchaos-disk-(\\d+)-n\\d+");

    private DiskNames() {
    }

    /** The mount source for a node of the harness with this pid. */
    public static String of(long harnessPid, int node) {
        return "kchaos-disk-" + harnessPid + "-n" + node;
    }

    /** The pid of the harness that mounted a file system of this source name, or empty when kchaos did not. */
    public static Optional<Long> owner(String source) {
        Matcher m = NAME.matcher(source);
        return m.matches() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }
}
