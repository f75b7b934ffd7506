package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.IptablesRule;
import io.kchaos.cluster.net.Namespaces;
import io.kchaos.cluster.net.RuleReadback;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.cluster.EffectWait;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Delay for kernels without netem: inside the node's namespace a small helper ({@code delay_queue.py}, Python 3
 * standard library) binds NFQUEUE 0 and holds each packet for the delay ± jitter, and a tagged rule
 * {@code OUTPUT -o <device> -j NFQUEUE --queue-bypass} sends it what the node transmits. Removing deletes the rule
 * first, then stops the helper, which releases what it holds; {@code --queue-bypass} lets traffic through if the
 * helper is gone. The delay holds once {@code iptables -S} lists the rule and the kernel's queue table shows queue 0
 * bound by the running helper; it is removed once the rule is no longer listed and the helper has exited.
 */
public final class QueueDelay implements LinkDelay {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(15);
    private static final int QUEUE = 0;
    private static String script;

    private final CommandRunner runner;
    private final HelperProcesses helpers;
    private final String python;
    private final String comment;
    private final NamespaceState state;
    private final RuleReadback<String> readback;
    private final Duration bound;
    private final Map<String, Held> held = new LinkedHashMap<>();

    private record Held(IptablesRule rule, HelperProcesses.Handle helper) {
    }

    public QueueDelay(CommandRunner runner, HelperProcesses helpers, String python, String comment) {
        this(runner, helpers, python, comment, EffectWait.BOUND);
    }

    /** {@code bound}: how long the rule and the helper's binding may take to be read back. */
    QueueDelay(CommandRunner runner, HelperProcesses helpers, String python, String comment, Duration bound) {
        this.runner = runner;
        this.helpers = helpers;
        this.python = python;
        this.comment = comment;
        this.state = new NamespaceState(runner);
        this.readback = new RuleReadback<>(state::rules, ns -> ns, bound);
        this.bound = bound;
    }

    /** The helper's source, passed with {@code python3 -c}. */
    public static synchronized String script() {
        if (script == null) {
            try (InputStream in = QueueDelay.class.getResourceAsStream("delay_queue.py")) {
                if (in == null) throw new IllegalStateException("delay_queue.py missing from the harness jar");
                script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return script;
    }

    /** The command that checks, in a throw-away namespace, that the helper can bind a queue here. */
    public static List<String> probeCommand(String python) {
        return List.of("unshare", "--net", python, "-c", script(), "--probe");
    }

    @Override
    public synchronized void apply(String namespace, String device, int delayMs, int jitterMs) {
        remove(namespace, device);
        HelperProcesses.Handle helper = helpers.start(Namespaces.exec(namespace, python, "-c", script(),
                Integer.toString(delayMs), Integer.toString(jitterMs)), READY_TIMEOUT);
        IptablesRule rule = IptablesRule.inNamespace(namespace, "OUTPUT", List.of("-o", device), comment,
                "NFQUEUE", "--queue-num", Integer.toString(QUEUE), "--queue-bypass");
        try {
            rule.add(runner);
        } catch (RuntimeException e) {
            helper.stop();
            throw e;
        }
        held.put(namespace, new Held(rule, helper));
        String effect = "delay queue " + delayMs + "ms ± " + jitterMs + "ms on " + device + " in " + namespace;
        readback.await(effect, Map.of(namespace, List.of(rule)), Map.of());
        EffectWait.until(effect + " (queue " + QUEUE + " bound by helper pid " + helper.pid() + ")", bound,
                () -> new Serving(helper.alive(), state.queueBindings(namespace)), servedBy(helper), Serving::toString);
    }

    /** What the helper was seen doing: whether it runs, and which netlink port binds each queue of its namespace. */
    private record Serving(boolean alive, Map<Integer, Long> bindings) {
        @Override
        public String toString() {
            return (alive ? "helper running" : "helper exited") + ", queues bound (queue=port): " + bindings;
        }
    }

    private static Predicate<Serving> servedBy(HelperProcesses.Handle helper) {
        return s -> s.alive() && Long.valueOf(helper.pid()).equals(s.bindings().get(QUEUE));
    }

    @Override
    public synchronized void remove(String namespace, String device) {
        Held h = held.get(namespace);
        if (h == null) return;
        h.rule().delete(runner);
        held.remove(namespace);
        h.helper().stop();
        readback.awaitGone("delay queue removed from " + namespace, Map.of(namespace, List.of(h.rule())));
        EffectWait.until("delay queue helper pid " + h.helper().pid() + " of " + namespace + " exited", bound,
                () -> h.helper().alive(), alive -> !alive, alive -> alive ? "still running" : "exited");
    }

    @Override
    public synchronized void close() {
        RuntimeException failure = null;
        for (String ns : new ArrayList<>(held.keySet())) {
            try {
                remove(ns, NodeNetwork.DEVICE);
            } catch (RuntimeException e) {
                Held h = held.remove(ns);
                if (h != null) h.helper().stop();
                if (failure == null) failure = e;
            }
        }
        if (failure != null) throw failure;
    }
}
