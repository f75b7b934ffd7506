package io.kchaos.backend.docker;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;
import java.util.TreeSet;

/**
 * One Toxiproxy proxy as its API reports it now: enabled or not, and the names of its toxics. What a toxic fault
 * reads back before it holds.
 */
record ProxyState(boolean enabled, Set<String> toxics) {
    ProxyState {
        toxics = Set.copyOf(toxics);
    }

    /** The proxy's state, read afresh from the API (the proxy, then its toxics). */
    static ProxyState read(ToxiproxyClient client, String proxy) {
        try {
            Proxy p = client.getProxy(proxy);
            Set<String> names = new TreeSet<>();
            for (eu.rekawek.toxiproxy.model.Toxic t : p.toxics().getAll()) names.add(t.getName());
            return new ProxyState(p.isEnabled(), names);
        } catch (IOException e) {
            throw new UncheckedIOException("Toxiproxy: cannot read proxy " + proxy + ": " + e.getMessage(), e);
        }
    }

    /** Whether any toxic's name begins with {@code prefix}. */
    boolean hasToxicNamed(String prefix) {
        return toxics.stream().anyMatch(t -> t.startsWith(prefix));
    }

    @Override
    public String toString() {
        return (enabled ? "enabled" : "disabled") + ", toxics " + new TreeSet<>(toxics);
    }
}
