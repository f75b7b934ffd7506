package io.kchaos.nemesis;

/**
 * One {@code --nemesis-option KEY=VALUE} setting as declared in {@link NemesisSettings}.
 *
 * @param key          the key
 * @param defaultValue its value when not given
 * @param meaning      what it does, in a phrase
 */
public record NemesisSetting(String key, String defaultValue, String meaning) {
}
