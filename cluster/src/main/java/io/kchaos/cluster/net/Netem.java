package io.kchaos.cluster.net;

import io.kchaos.cluster.os.CommandResult;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Link delay with {@code tc qdisc replace dev <device> root netem limit 100000 delay Xms [Yms]} where a
 * {@link NodeShell} runs, removed with {@code tc qdisc del}. The queue limit is raised so a busy link is delayed, not
 * dropped. Both return once {@code tc qdisc show} lists the delay, or no netem ({@link QdiscReadback}).
 */
public final class Netem {
    /** Checks, in a throw-away network namespace, that tc and the kernel's netem work; changes nothing on the machine. */
    public static final List<String> PROBE = List.of("unshare", "--net", "tc", "qdisc", "add", "dev", "lo", "root", "netem", "delay", "1ms");
    static final String LIMIT = "100000";

    private final Duration bound;

    /** {@code bound}: how long the qdisc may take to be read back. */
    public Netem(Duration bound) {
        this.bound = bound;
    }

    /** The command that sets the delay on {@code device} (jitter left out when 0). */
    public static List<String> replaceCommand(String device, int delayMs, int jitterMs) {
        List<String> c = new ArrayList<>(List.of("tc", "qdisc", "replace", "dev", device, "root", "netem", "limit", LIMIT, "delay", delayMs + "ms"));
        if (jitterMs > 0) c.add(jitterMs + "ms");
        return c;
    }

    /** The command that removes the root qdisc of {@code device}. */
    public static List<String> deleteCommand(String device) {
        return List.of("tc", "qdisc", "del", "dev", device, "root");
    }

    /**
     * Delays what leaves {@code device} at {@code at}.
     *
     * @param where the device and where it is, in words ({@code eth0 in kchaos-4242a-n1})
     */
    public void apply(NodeShell at, String device, String where, int delayMs, int jitterMs) {
        at.check(replaceCommand(device, delayMs, jitterMs));
        QdiscReadback.awaitDelay(where, () -> show(at, device), delayMs, jitterMs, bound);
    }

    /** Removes the delay of {@code device}; a device with no qdisc to delete counts as undelayed. */
    public void remove(NodeShell at, String device, String where) {
        List<String> c = deleteCommand(device);
        CommandResult r = at.run(c);
        if (!r.ok() && !r.stderr().contains("handle of zero") && !r.stderr().contains("No such file")) throw at.failed(c, r);
        QdiscReadback.awaitUndelayed(where, () -> show(at, device), bound);
    }

    private static RootQdisc show(NodeShell at, String device) {
        return RootQdisc.read(at.run(List.of("tc", "qdisc", "show", "dev", device)));
    }
}
