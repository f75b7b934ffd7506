package io.kchaos.backend.docker;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.cluster.ToxicControl;
import io.kchaos.nemesis.cluster.Traffic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * {@link ToxicControl} over Toxiproxy's HTTP API (toxiproxy-java): one proxy per node and traffic, as planned by
 * {@link ListenerPlan#proxies}. A toxic goes on both directions of a proxy under kchaos's own names, so removing
 * exactly what was added is by name. Each action returns once every proxy it touched reads back as asked (its toxics
 * listed or gone, its enabled flag), else throws {@link FaultNotHeld} with what the API last said.
 */
public final class ToxiproxyToxics implements ToxicControl {
    private static final String PREFIX = "kchaos-";
    private final ToxiproxyClient client;
    private final Duration bound;
    private final Map<ProxySpec, Proxy> proxies = new LinkedHashMap<>();

    /** Creates the planned proxies (replacing any of the same name) through the client. */
    public ToxiproxyToxics(ToxiproxyClient client, List<ProxySpec> plan) {
        this(client, plan, EffectWait.BOUND);
    }

    /** With {@code bound} for every read-back instead of {@link EffectWait#BOUND} (tests). */
    ToxiproxyToxics(ToxiproxyClient client, List<ProxySpec> plan, Duration bound) {
        this.client = client;
        this.bound = bound;
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
        List<Proxy> chosen = select(nodes, traffic);
        for (Proxy p : chosen) {
            for (ToxicDirection d : ToxicDirection.values()) io(() -> create(p, d, toxic));
        }
        List<String> names = Arrays.stream(ToxicDirection.values()).map(d -> name(toxic, d)).toList();
        for (Proxy p : chosen) await(p, toxic.type() + " toxics listed", s -> s.toxics().containsAll(names));
    }

    private static String name(Toxic toxic, ToxicDirection d) {
        return PREFIX + toxic.type() + "-" + d.name().toLowerCase();
    }

    private static void create(Proxy p, ToxicDirection d, Toxic toxic) throws IOException {
        String name = name(toxic, d);
        if (toxic instanceof Toxic.Latency l) p.toxics().latency(name, d, l.latencyMs()).setJitter(l.jitterMs());
        else if (toxic instanceof Toxic.Bandwidth b) p.toxics().bandwidth(name, d, b.kilobytesPerSecond());
        else if (toxic instanceof Toxic.Timeout t) p.toxics().timeout(name, d, t.timeoutMs());
        else if (toxic instanceof Toxic.ResetPeer r) p.toxics().resetPeer(name, d, r.timeoutMs());
    }

    @Override
    public synchronized void remove(Set<Integer> nodes, Set<Traffic> traffic) {
        List<Proxy> chosen = select(nodes, traffic);
        for (Proxy p : chosen) removeOurToxics(p);
        for (Proxy p : chosen) await(p, "no kchaos toxic listed", s -> !s.hasToxicNamed(PREFIX));
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
        List<Proxy> chosen = select(nodes, Set.of(Traffic.values()));
        for (Proxy p : chosen) io(p::disable);
        for (Proxy p : chosen) await(p, "disabled", s -> !s.enabled());
    }

    @Override
    public synchronized void rejoin(Set<Integer> nodes) {
        List<Proxy> chosen = select(nodes, Set.of(Traffic.values()));
        for (Proxy p : chosen) io(p::enable);
        for (Proxy p : chosen) await(p, "enabled", ProxyState::enabled);
    }

    @Override
    public synchronized void healAll() {
        for (Proxy p : proxies.values()) {
            removeOurToxics(p);
            io(p::enable);
        }
        for (Proxy p : proxies.values()) await(p, "enabled with no kchaos toxic", s -> s.enabled() && !s.hasToxicNamed(PREFIX));
    }

    private List<Proxy> select(Set<Integer> nodes, Set<Traffic> traffic) {
        return proxies.entrySet().stream().filter(e -> nodes.contains(e.getKey().node()) && traffic.contains(e.getKey().traffic()))
                .map(Map.Entry::getValue).toList();
    }

    /** Reads the proxy back from the API until {@code holds} accepts what it says. */
    private void await(Proxy p, String effect, Predicate<ProxyState> holds) {
        EffectWait.until("Toxiproxy proxy " + p.getName() + " " + effect, bound, () -> ProxyState.read(client, p.getName()), holds,
                ProxyState::toString);
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
