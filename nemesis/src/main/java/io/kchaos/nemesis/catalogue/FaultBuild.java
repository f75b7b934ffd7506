package io.kchaos.nemesis.catalogue;

import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.network.NetworkFaultOptions;

/**
 * What a fault's factory builds its worker from: the fault's own name, the run's {@code --nemesis-option} values and
 * its network fault settings.
 *
 * @param name    the fault's {@code --nemesis} name (its spec's)
 * @param options the {@code --nemesis-option} values
 * @param network the network fault settings (partition targets, latency, loss)
 */
public record FaultBuild(String name, NemesisOptions options, NetworkFaultOptions network) {
}
