package io.kchaos.harness.proxy;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The token the kchaos proxy's control port asks for, fresh for each proxy start (32 random bytes, hex); it reaches
 * the proxy JVM in its environment only, and no message, log or file of the run shows it.
 */
final class ControlSecret {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int BYTES = 32;

    private final String value;

    private ControlSecret(String value) {
        this.value = value;
    }

    static ControlSecret fresh() {
        byte[] b = new byte[BYTES];
        RANDOM.nextBytes(b);
        return new ControlSecret(HexFormat.of().formatHex(b));
    }

    /** The token itself, for the proxy's environment. */
    String value() {
        return value;
    }

    /** The first line of a control connection. */
    String authLine() {
        return "auth " + value;
    }

    @Override
    public String toString() {
        return "ControlSecret[redacted]";
    }
}
