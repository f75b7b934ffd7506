package io.kchaos.proxy;

import java.util.Map;
import java.util.Optional;

/**
 * Kroxylicious's configuration for kchaos: one virtual cluster in front of the real brokers, a port per node
 * ({@code port} for bootstrap, then {@code port + 1 + i} for the i-th node id in order), and the fault filter on every
 * connection. Kroxylicious rewrites the brokers' addresses in metadata to these ports.
 */
final class ProxyYaml {
    private ProxyYaml() {
    }

    /** The YAML for nodes {@code upstream} (node id → host:port, in node order) behind {@code host:port}, in plaintext. */
    static String of(String host, int port, Map<Integer, String> upstream) {
        return of(host, port, upstream, Optional.empty());
    }

    /** As {@link #of(String, int, Map)}, TLS on both sides when {@code tls} is given. */
    static String of(String host, int port, Map<Integer, String> upstream, Optional<TlsStores> tls) {
        StringBuilder y = new StringBuilder();
        y.append("virtualClusters:\n");
        y.append("  - name: kchaos\n");
        y.append("    targetCluster:\n");
        y.append("      bootstrapServers: ").append(String.join(",", upstream.values())).append('\n');
        tls.ifPresent(t -> y.append(t.upstream("      ")));
        y.append("    gateways:\n");
        y.append("      - name: default\n");
        y.append("        portIdentifiesNode:\n");
        y.append("          bootstrapAddress: ").append(host).append(':').append(port).append('\n');
        y.append("          advertisedBrokerAddressPattern: ").append(host).append('\n');
        y.append("          nodeStartPort: ").append(port + 1).append('\n');
        y.append("          nodeIdRanges:\n");
        for (int id : upstream.keySet()) {
            y.append("            - name: node-").append(id).append('\n');
            y.append("              start: ").append(id).append('\n');
            y.append("              end: ").append(id).append('\n');
        }
        tls.ifPresent(t -> y.append(t.gateway("        ")));
        y.append("filterDefinitions:\n");
        y.append("  - name: faults\n");
        y.append("    type: ").append(FaultFilterFactory.class.getName()).append('\n');
        y.append("defaultFilters:\n");
        y.append("  - faults\n");
        return y.toString();
    }
}
