package io.kchaos.cluster.security;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a cluster kchaos starts is secured ({@code run --security}): the Kafka security protocol of every listener
 * (clients, replication, controllers), whether clients present certificates, and the SASL mechanism.
 */
public enum SecurityMode {
    PLAINTEXT("plaintext", "PLAINTEXT", null, false),
    TLS("tls", "SSL", null, false),
    MTLS("mtls", "SSL", null, true),
    SASL_PLAIN("sasl-plain", "SASL_PLAINTEXT", Mechanisms.PLAIN, false),
    SASL_SCRAM("sasl-scram", "SASL_PLAINTEXT", Mechanisms.SCRAM, false),
    SASL_SCRAM_TLS("sasl-scram-tls", "SASL_SSL", Mechanisms.SCRAM, false);

    /** The SASL mechanisms kchaos configures. */
    public static final class Mechanisms {
        public static final String PLAIN = "PLAIN";
        public static final String SCRAM = "SCRAM-SHA-512";

        private Mechanisms() {
        }
    }

    private final String wire;
    private final String protocol;
    private final String mechanism;
    private final boolean clientCertificates;

    SecurityMode(String wire, String protocol, String mechanism, boolean clientCertificates) {
        this.wire = wire;
        this.protocol = protocol;
        this.mechanism = mechanism;
        this.clientCertificates = clientCertificates;
    }

    /** The name on the command line and in run.json, e.g. {@code sasl-scram}. */
    public String wire() {
        return wire;
    }

    /** Kafka's security protocol of every listener ({@code SSL}, {@code SASL_PLAINTEXT}, ...); also the listener's name. */
    public String protocol() {
        return protocol;
    }

    /** True when the connections are TLS (certificates generated for the run). */
    public boolean tls() {
        return protocol.contains("SSL");
    }

    /** True when the brokers require a client certificate ({@code ssl.client.auth=required}). */
    public boolean clientCertificates() {
        return clientCertificates;
    }

    /** True when the connections authenticate with SASL. */
    public boolean sasl() {
        return mechanism != null;
    }

    /** The SASL mechanism of the client and inter-broker listeners, null without SASL. */
    public String mechanism() {
        return mechanism;
    }

    /**
     * The SASL mechanism of the controller listener: the same but for SCRAM, which controllers cannot authenticate each
     * other with (their SCRAM credentials live in the metadata log they are electing a leader of), so PLAIN there.
     */
    public String controllerMechanism() {
        return Mechanisms.SCRAM.equals(mechanism) ? Mechanisms.PLAIN : mechanism;
    }

    /** The mode named {@code name} (null: plaintext, the default); IllegalArgumentException (one line, naming the known ones) otherwise. */
    public static SecurityMode parse(String name) {
        if (name == null) return PLAINTEXT;
        String n = name.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(m -> m.wire.equals(n)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown --security '" + name + "'; known: " + Arrays.stream(values()).map(SecurityMode::wire).collect(Collectors.joining(", "))));
    }
}
