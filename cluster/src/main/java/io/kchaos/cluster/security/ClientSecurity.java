package io.kchaos.cluster.security;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The settings every kchaos Java client (the workloads' producers and consumers, the admin clients, the drain, the
 * pollers) needs to reach a cluster secured in {@code mode}: the protocol, the run's truststore, the clients' certificate
 * under mTLS, the SASL login. Empty for PLAINTEXT, so a plaintext run's clients are configured as before.
 */
public final class ClientSecurity {
    private ClientSecurity() {
    }

    /** The client settings; {@code stores} may be null without TLS, {@code user} without SASL. */
    public static Map<String, String> settings(SecurityMode mode, RunCertificates.Stores stores, SaslUser user) {
        Map<String, String> s = new LinkedHashMap<>();
        if (mode == SecurityMode.PLAINTEXT) return s;
        s.put("security.protocol", mode.protocol());
        if (mode.tls()) s.putAll(StoreSettings.truststore(stores));
        if (mode.clientCertificates()) s.putAll(StoreSettings.keystore(stores.clientKeystore(), stores));
        if (mode.sasl()) {
            s.put("sasl.mechanism", mode.mechanism());
            s.put("sasl.jaas.config", user.clientJaas(mode.mechanism()));
        }
        return s;
    }
}
