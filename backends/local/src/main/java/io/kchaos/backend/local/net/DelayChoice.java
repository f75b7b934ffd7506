package io.kchaos.backend.local.net;

import java.util.Locale;

/**
 * Which link-delay mechanism a run may use: the best this machine has ({@code auto}: netem, else the NFQUEUE delay
 * queue), or one forced, so the NFQUEUE path can be exercised where netem exists. Chosen by {@code KCHAOS_LINK_DELAY}.
 */
public enum DelayChoice {
    AUTO, NETEM, NFQUEUE;

    /** The environment variable that forces a mechanism. */
    public static final String ENV = "KCHAOS_LINK_DELAY";

    /** The choice {@code value} names (null or blank: auto); IllegalArgumentException with one line for anything else. */
    public static DelayChoice parse(String value) {
        if (value == null || value.isBlank()) return AUTO;
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ENV + " must be auto, netem or nfqueue, not '" + value + "'");
        }
    }

    /** The choice the environment makes. */
    public static DelayChoice fromEnvironment() {
        return parse(System.getenv(ENV));
    }
}
