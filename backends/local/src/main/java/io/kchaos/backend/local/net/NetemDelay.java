package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.Netem;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.cluster.EffectWait;

import java.time.Duration;

/** Delay with the shared netem recipe ({@link Netem}) inside the node's namespace. */
public final class NetemDelay implements LinkDelay {
    private final CommandRunner runner;
    private final Netem netem;

    public NetemDelay(CommandRunner runner) {
        this(runner, EffectWait.BOUND);
    }

    /** {@code bound}: how long the qdisc may take to be read back. */
    NetemDelay(CommandRunner runner, Duration bound) {
        this.runner = runner;
        this.netem = new Netem(bound);
    }

    @Override
    public void apply(String namespace, String device, int delayMs, int jitterMs) {
        netem.apply(new NamespaceShell(runner, namespace), device, where(namespace, device), delayMs, jitterMs);
    }

    @Override
    public void remove(String namespace, String device) {
        netem.remove(new NamespaceShell(runner, namespace), device, where(namespace, device));
    }

    private static String where(String namespace, String device) {
        return device + " in " + namespace;
    }
}
