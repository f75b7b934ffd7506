package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.Netem;
import io.kchaos.cluster.os.CommandRunner;

import java.util.ArrayList;
import java.util.List;

/**
 * What this machine lets a run do with each node on its own host, found by asking it: namespaces need root, {@code ip}
 * and {@code iptables}; link delay needs {@code tc} and a kernel with netem, or else NFQUEUE and Python 3 for the
 * delay queue (both probed in throw-away namespaces); {@link DelayChoice} can force either.
 *
 * @param noNamespaces why nodes cannot get their own namespaces (null: they can)
 * @param noDelay      why packets cannot be delayed (null: they can)
 * @param delays       the delay mechanism (null when there is none)
 * @param delayName    what delays packets, for the console and run.json (e.g. {@code netem})
 */
public record NetworkSupport(String noNamespaces, String noDelay, LinkDelay.Factory delays, String delayName) {
    private static final List<String> PYTHONS = List.of("/usr/bin/python3", "python3");

    public boolean namespaces() {
        return noNamespaces == null;
    }

    public boolean delay() {
        return namespaces() && delays != null;
    }

    private static NetworkSupport none(String why) {
        return new NetworkSupport(why, why, null, null);
    }

    /** Probes this machine with the delay mechanism {@link DelayChoice#fromEnvironment()} names. */
    public static NetworkSupport probe(CommandRunner runner, boolean wanted) {
        return probe(runner, wanted, DelayChoice.fromEnvironment());
    }

    /** Probes this machine; {@code wanted} false (--no-namespaces) skips the probe; {@code choice} limits the delay mechanism. */
    public static NetworkSupport probe(CommandRunner runner, boolean wanted, DelayChoice choice) {
        if (!wanted) return none("--no-namespaces was given");
        if (!"0".equals(runner.run("id", "-u").stdout().trim())) return none("not running as root");
        List<String> missing = new ArrayList<>();
        if (!runner.run("ip", "-V").ok()) missing.add("ip");
        if (!runner.run("iptables", "--version").ok()) missing.add("iptables");
        if (!missing.isEmpty()) return none(String.join(" and ", missing) + " not found (install the iproute2 and iptables packages)");
        if (choice != DelayChoice.NFQUEUE && runner.run("tc", "-V").ok()
                && runner.run(Netem.PROBE).ok()) {
            return new NetworkSupport(null, null, (r, names) -> new NetemDelay(r), "netem");
        }
        if (choice == DelayChoice.NETEM) {
            return new NetworkSupport(null, "the kernel has no netem qdisc (CONFIG_NET_SCH_NETEM) or tc is missing, and "
                    + DelayChoice.ENV + "=netem rules out the NFQUEUE delay queue", null, null);
        }
        for (String python : PYTHONS) {
            if (runner.run(QueueDelay.probeCommand(python)).ok()) {
                return new NetworkSupport(null, null, (r, names) -> new QueueDelay(r, new SpawnedHelpers(), python, names.comment()),
                        "NFQUEUE delay queue (" + python + "; the kernel has no netem)");
            }
        }
        return new NetworkSupport(null, "the kernel has no netem qdisc (CONFIG_NET_SCH_NETEM) and no NFQUEUE delay queue could run"
                + " (needs python3 and CONFIG_NETFILTER_NETLINK_QUEUE)", null, null);
    }
}
