package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.Namespaces;
import io.kchaos.cluster.net.IptablesRule;

import io.kchaos.cluster.os.CommandRunner;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Delay for kernels without netem: inside the node's namespace a small helper ({@code delay_queue.py}, Python 3
 * standard library) binds NFQUEUE 0 and holds each packet for the delay ± jitter, and a tagged rule
 * {@code OUTPUT -o <device> -j NFQUEUE --queue-bypass} sends it what the node transmits. Removing deletes the rule
 * first, then stops the helper, which releases what it holds; {@code --queue-bypass} lets traffic through if the
 * helper is gone.
 */
public final class QueueDelay implements LinkDelay {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(15);
    private static String script;

    private final CommandRunner runner;
    private final HelperProcesses helpers;
    private final String python;
    private final String comment;
    private final Map<String, Held> held = new LinkedHashMap<>();

    private record Held(IptablesRule rule, HelperProcesses.Handle helper) {
    }

    public QueueDelay(CommandRunner runner, HelperProcesses helpers, String python, String comment) {
        this.runner = runner;
        this.helpers = helpers;
        this.python = python;
        this.comment = comment;
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
                "NFQUEUE", "--queue-num", "0", "--queue-bypass");
        try {
            rule.add(runner);
        } catch (RuntimeException e) {
            helper.stop();
            throw e;
        }
        held.put(namespace, new Held(rule, helper));
    }

    @Override
    public synchronized void remove(String namespace, String device) {
        Held h = held.get(namespace);
        if (h == null) return;
        h.rule().delete(runner);
        held.remove(namespace);
        h.helper().stop();
    }

    @Override
    public synchronized void close() {
        RuntimeException failure = null;
        for (String ns : new ArrayList<>(held.keySet())) {
            try {
                remove(ns, NodeNetwork.DEVICE);
            } catch (RuntimeException e) {
                held.remove(ns).helper().stop();
                if (failure == null) failure = e;
            }
        }
        if (failure != null) throw failure;
    }
}
