package io.kchaos.backend.ssh;

import io.kchaos.cluster.net.Netem;
import io.kchaos.cluster.net.NodeDelay;
import io.kchaos.cluster.os.CommandResult;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Delay on an SSH host: the shared netem recipe ({@link Netem}) on the device the host reaches its peers through,
 * recorded in {@code <dir>/.kchaos-netem} first so that {@link HostJanitor} can remove it after a run that died.
 */
final class HostDelay implements NodeDelay {
    private final HostSites sites;
    private final Netem netem;
    private final Map<Integer, String> devices = new HashMap<>();

    /** {@code bound}: how long the qdisc may take to be read back. */
    HostDelay(HostSites sites, Duration bound) {
        this.sites = sites;
        this.netem = new Netem(bound);
    }

    @Override
    public synchronized void apply(int node, int delayMs, int jitterMs) {
        NetworkHost h = sites.shell(node);
        String dev = devices.computeIfAbsent(node, this::device);
        h.user().run("sh", "-c", "echo " + Shell.quote(dev) + " >> " + Shell.quote(h.host().dir() + "/" + HostJanitor.NETEM_DEVICES));
        netem.apply(h, dev, where(h, dev), delayMs, jitterMs);
    }

    @Override
    public synchronized void remove(int node) {
        String dev = devices.get(node);
        if (dev == null) return;
        NetworkHost h = sites.shell(node);
        netem.remove(h, dev, where(h, dev));
    }

    private static String where(NetworkHost h, String device) {
        return device + " on " + h.host().label();
    }

    /** The device the host reaches its first peer through. */
    private String device(int node) {
        int other = sites.nodes().stream().filter(n -> n != node).findFirst().orElse(node);
        NetworkHost h = sites.shell(node);
        List<String> c = List.of("ip", "-o", "route", "get", sites.peerAddress(other));
        CommandResult r = h.user().run(c);
        if (!r.ok()) throw h.failed(c, r);
        String[] f = r.stdout().trim().split("\\s+");
        for (int i = 0; i + 1 < f.length; i++) if (f[i].equals("dev")) return f[i + 1];
        throw new HostAccessException(h.host(), "cannot find the network device towards " + sites.peerAddress(other));
    }
}
