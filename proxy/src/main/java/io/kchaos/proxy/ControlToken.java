package io.kchaos.proxy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * The secret a control connection must give on its first line ({@code auth <token>}) before the proxy takes a command
 * from it; a fresh one per proxy start, handed over in the environment ({@value #ENV}), never the command line or a file.
 */
public final class ControlToken {
    public static final String ENV = "KCHAOS_PROXY_CONTROL_TOKEN";
    /** The first line's verb. */
    public static final String VERB = "auth";

    private final byte[] expected;

    private ControlToken(String token) {
        this.expected = token.getBytes(StandardCharsets.UTF_8);
    }

    /** The token the variable holds, or empty when it is unset, blank, or holds a space or a line break. */
    public static Optional<ControlToken> of(String value) {
        if (value == null || value.isEmpty() || value.chars().anyMatch(Character::isWhitespace)) return Optional.empty();
        return Optional.of(new ControlToken(value));
    }

    /** Whether {@code line} is {@code auth <this token>}; the token compared in constant time. */
    public boolean admits(String line) {
        if (line == null || !line.startsWith(VERB + " ")) return false;
        return MessageDigest.isEqual(expected, line.substring(VERB.length() + 1).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "ControlToken[redacted]";
    }
}
