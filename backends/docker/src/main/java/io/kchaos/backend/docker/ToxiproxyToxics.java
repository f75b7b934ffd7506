package io.kchaos.backend.docker;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.cluster.ToxicControl;
import io.kchaos.nemesis.cluster.Traffic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link ToxicControl} over Toxiproxy's HTTP API (toxiproxy-java): one proxy per node and traffic, as planned by
 * {@link ListenerPlan#proxies}. A toxic goes on both directions of a proxy under kchaos's own names, so removing
 * exactly what was added is by name.
 */
public final class ToxiproxyToxics implements ToxicControl {
    private static final String PREFIX = "kchaos-";
    private final Map<ProxySpec, Proxy> proxies = new LinkedHashMap<>();

    /** Creates the planned proxies (replacing any of the same name) through the client. */
    public ToxiproxyToxics(ToxiproxyClient client, List<ProxySpec> plan) {
        for (ProxySpec p : plan) {
            io(() -> {
                Proxy old = client.getProxyOrNull(p.name());
                if (old != null) old.delete();
                proxies.put(p, client.createProxy(p.name(), p.listen(), p.upstream()));
            });
        }
    }

    @Override
    public synchronized void add(Set<Integer> nodes, Set<Traffic> traffic, Toxic toxic) {
        for (Proxy p : select(nodes, traffic)) {
            for (ToxicDirection d : ToxicDirection.values()) io(() -> create(p, d, toxic));
        }
    }

    private static void create(Proxy p, ToxicDirection d, Toxic toxic) throws IOException {
        String name = PREFIX + toxic.type() + "-" + d.name().toLowerCase();
        if (toxic instanceof Toxic.Latency l) p.toxics().latency(name, d, l.latencyMs()).setJitter(l.jitterMs());
        else if (toxic instanceof Toxic.Bandwidth b) p.toxics().bandwidth(name, d, b.kilobytesPerSecond());
        else if (toxic instanceof Toxic.Timeout t) p.toxics().timeout(name, d, t.timeoutMs());
        else if (toxic instanceof Toxic.ResetPeer r) p.toxics().resetPeer(name, d, r.timeoutMs());
    }

    @Override
    public synchronized void remove(Set<Integer> nodes, Set<Traffic> traffic) {
        for (Proxy p : select(nodes, traffic)) removeOurToxics(p);
    }

    private static void removeOurToxics(Proxy p) {
        io(() -> {
            for (eu.rekawek.toxiproxy.model.Toxic t : p.toxics().getAll()) {
                if (t.getName().startsWith(PREFIX)) t.remove();
            }
        });
    }

    @Override
    public synchronized void isolate(Set<Integer> nodes) {
        for (Proxy p : select(nodes, Set.of(Traffic.values()))) io(p::disable);
    }

    @Override
    public synchronized void rejoin(Set<Integer> nodes) {
        for (Proxy p : select(nodes, Set.of(Traffic.values()))) io(p::enable);
    }

    @Override
    public synchronized void healAll() {
        for (Proxy p : proxies.values()) {
            removeOurToxics(p);
            io(p::enable);
        }
    }

    private List<Proxy> select(Set<Integer> nodes, Set<Traffic> traffic) {
        return proxies.entrySet().stream().filter(e -> nodes.contains(e.getKey().node()) && traffic.contains(e.getKey().traffic()))
                .map(Map.Entry::getValue).toList();
    }

    /** One Toxiproxy API call. */
    @FunctionalInterface
    private interface Call {
        void run() throws IOException;
    }

    private static void io(Call call) {
        try {
            call.run();
        } catch (IOException e) {
            throw new UncheckedIOException("Toxiproxy: " + e.getMessage(), e);
        }
    }
}
