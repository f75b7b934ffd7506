package io.kchaos.cluster.security;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * The one SASL user of a secured run, which brokers, controllers and every kchaos client log in as; its password is
 * random per run and never printed ({@link #toString()} leaves it out).
 */
public record SaslUser(String name, String password) {
    /** The user's name in every run. */
    public static final String NAME = "kchaos";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The run's user with a fresh random password. */
    public static SaslUser random() {
        return new SaslUser(NAME, randomSecret());
    }

    /** A random secret of URL-safe base64 characters (no quote, no separator of a JAAS or format argument). */
    static String randomSecret() {
        byte[] b = new byte[18];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** The {@code sasl.jaas.config} a client (or a node connecting to another) logs in with over {@code mechanism}. */
    public String clientJaas(String mechanism) {
        return loginModule(mechanism) + " required username=\"" + name + "\" password=\"" + password + "\";";
    }

    /**
     * The {@code sasl.jaas.config} of a listener over {@code mechanism}: the node's own login, and for PLAIN the users the
     * listener accepts ({@code user_<name>}); SCRAM's users are in the metadata log (formatted with {@code --add-scram}).
     */
    public String listenerJaas(String mechanism) {
        String jaas = clientJaas(mechanism);
        return SecurityMode.Mechanisms.PLAIN.equals(mechanism) ? jaas.replace(";", " user_" + name + "=\"" + password + "\";") : jaas;
    }

    /** The StorageTool argument that writes this user's SCRAM credential into the bootstrap metadata. */
    public String scramFormatValue() {
        return SecurityMode.Mechanisms.SCRAM + "=[name=" + name + ",password=" + password + "]";
    }

    private static String loginModule(String mechanism) {
        return switch (mechanism) {
            case SecurityMode.Mechanisms.PLAIN -> "org.apache.kafka.common.security.plain.PlainLoginModule";
            case SecurityMode.Mechanisms.SCRAM -> "org.apache.kafka.common.security.scram.ScramLoginModule";
            default -> throw new IllegalArgumentException("no login module for SASL mechanism " + mechanism);
        };
    }

    @Override
    public String toString() {
        return "SaslUser[" + name + "]";
    }
}
