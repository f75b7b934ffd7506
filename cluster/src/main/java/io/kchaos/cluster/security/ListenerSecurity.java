package io.kchaos.cluster.security;

import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One node's side of a run's security, as server.properties says it: every listener's protocol, the node's keystore
 * and the run's truststore, the client-certificate requirement, and each listener's SASL mechanism and login.
 *
 * @param keystore the node's own keystore (null without TLS)
 * @param stores   the run's stores (null without TLS)
 * @param user     the run's SASL user (null without SASL)
 */
public record ListenerSecurity(SecurityMode mode, Path keystore, RunCertificates.Stores stores, SaslUser user) {
    /** Every listener PLAINTEXT, nothing else set. */
    public static final ListenerSecurity PLAINTEXT = new ListenerSecurity(SecurityMode.PLAINTEXT, null, null, null);

    public ListenerSecurity {
        if (mode.tls() && (keystore == null || stores == null)) throw new IllegalArgumentException(mode.wire() + " needs the node's stores");
        if (mode.sasl() && user == null) throw new IllegalArgumentException(mode.wire() + " needs the SASL user");
    }

    /**
     * The same security with the node's keystore and the run's truststore read from where the node finds its copies
     * (a remote host's folder), not where the run made them.
     */
    public ListenerSecurity storedAt(Path nodeKeystore, Path truststore) {
        if (stores == null) return this;
        return new ListenerSecurity(mode, nodeKeystore, new RunCertificates.Stores(truststore, stores.nodeKeystores(), stores.clientKeystore(),
                stores.password()), user);
    }

    /** The protocol every listener maps to in {@code listener.security.protocol.map}. */
    public String protocol() {
        return mode.protocol();
    }

    /**
     * The {@code ssl.*} and {@code sasl.*} settings for a node with these listeners ({@code controllerListener} among
     * them, or only named in {@code controller.listener.names} on a broker); none for PLAINTEXT. Secrets included: the
     * kept server.properties is redacted once the node stops ({@code RedactedServerProperties}).
     */
    public Map<String, String> settings(Collection<String> listeners, String controllerListener) {
        Map<String, String> s = new LinkedHashMap<>();
        if (mode.tls()) {
            s.putAll(StoreSettings.keystore(keystore, stores));
            s.putAll(StoreSettings.truststore(stores));
            if (mode.clientCertificates()) s.put("ssl.client.auth", "required");
        }
        if (mode.sasl()) {
            s.put("sasl.enabled.mechanisms", mode.mechanism());
            s.put("sasl.mechanism.inter.broker.protocol", mode.mechanism());
            s.put("sasl.mechanism.controller.protocol", mode.controllerMechanism());
            for (String listener : listeners) {
                boolean controller = listener.equals(controllerListener);
                String mechanism = controller ? mode.controllerMechanism() : mode.mechanism();
                String prefix = "listener.name." + listener.toLowerCase(Locale.ROOT) + ".";
                if (controller) s.put(prefix + "sasl.enabled.mechanisms", mechanism);
                s.put(prefix + mechanism.toLowerCase(Locale.ROOT) + ".sasl.jaas.config", user.listenerJaas(mechanism));
            }
        }
        return s;
    }
}
