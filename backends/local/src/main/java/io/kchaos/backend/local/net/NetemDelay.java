package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.Namespaces;
import io.kchaos.cluster.net.QdiscReadback;
import io.kchaos.cluster.os.CommandException;
import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.cluster.EffectWait;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Delay with {@code tc qdisc replace dev <device> root netem delay Xms Yms} inside the node's namespace, removed with
 * {@code tc qdisc del}. The queue limit is raised so a busy link is delayed, not dropped. Both return once
 * {@code tc qdisc show} lists the delay, or no netem.
 */
public final class NetemDelay implements LinkDelay {
    static final String LIMIT = "100000";
    private final CommandRunner runner;
    private final NamespaceState state;
    private final Duration bound;

    public NetemDelay(CommandRunner runner) {
        this(runner, EffectWait.BOUND);
    }

    /** {@code bound}: how long the qdisc may take to be read back. */
    NetemDelay(CommandRunner runner, Duration bound) {
        this.runner = runner;
        this.state = new NamespaceState(runner);
        this.bound = bound;
    }

    @Override
    public void apply(String namespace, String device, int delayMs, int jitterMs) {
        List<String> c = new ArrayList<>(Namespaces.exec(namespace, "tc", "qdisc", "replace", "dev", device, "root", "netem",
                "limit", LIMIT, "delay", delayMs + "ms"));
        if (jitterMs > 0) c.add(jitterMs + "ms");
        check(c);
        QdiscReadback.awaitDelay(where(namespace, device), () -> state.rootQdisc(namespace, device), delayMs, jitterMs, bound);
    }

    @Override
    public void remove(String namespace, String device) {
        List<String> c = Namespaces.exec(namespace, "tc", "qdisc", "del", "dev", device, "root");
        CommandResult r = runner.run(c);
        // "no qdisc to delete" means already removed
        if (!r.ok() && !r.stderr().contains("handle of zero") && !r.stderr().contains("No such file")) {
            throw new CommandException(String.join(" ", c), r);
        }
        QdiscReadback.awaitUndelayed(where(namespace, device), () -> state.rootQdisc(namespace, device), bound);
    }

    private static String where(String namespace, String device) {
        return device + " in " + namespace;
    }

    private void check(List<String> c) {
        CommandResult r = runner.run(c);
        if (!r.ok()) throw new CommandException(String.join(" ", c), r);
    }
}
