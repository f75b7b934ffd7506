package io.kchaos.workload.common;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * One {@code --workload-option KEY=VALUE} a workload declares: its key, the values it accepts, its default and what it
 * does. {@link WorkloadOptionSet} lists a workload's; help, docs and validation read them from there.
 *
 * @param key          the key
 * @param type         the values it accepts
 * @param defaultValue its value when not given; null when the workload chooses at start ({@code meaning} says how)
 * @param meaning      what it does, in a phrase
 */
public record WorkloadOption(String key, Type type, String defaultValue, String meaning) {
    public WorkloadOption {
        if (defaultValue != null && type.parse(defaultValue).isEmpty()) {
            throw new IllegalArgumentException(key + "'s default " + defaultValue + " is not " + type.accepted());
        }
    }

    /** What values an option accepts: a number or a whole number in a range, or one of a few words. */
    public record Type(Kind kind, double min, double max, List<String> words) {
        /** The shapes of value. */
        public enum Kind { NUMBER, WHOLE, WORD }

        /** In words, as an error message ends: "a number from 0.0 to 1.0", "one of [after, ahead, auto]". */
        public String accepted() {
            return switch (kind) {
                case NUMBER -> "a number from " + min + " to " + max;
                case WHOLE -> "a whole number from " + (long) min + " to " + (long) max;
                case WORD -> "one of " + new TreeSet<>(words);
            };
        }

        /** The value as this type reads it (trimmed), or empty when it is not one. */
        Optional<Object> parse(String value) {
            String v = value.trim();
            try {
                return switch (kind) {
                    case NUMBER -> inRange(Double.parseDouble(v));
                    case WHOLE -> inRange(Integer.parseInt(v));
                    case WORD -> words.contains(v) ? Optional.of(v) : Optional.empty();
                };
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }

        private Optional<Object> inRange(double n) {
            return n >= min && n <= max ? Optional.of(n) : Optional.empty();
        }

        private Optional<Object> inRange(int n) {
            return n >= min && n <= max ? Optional.of(n) : Optional.empty();
        }
    }

    /** A number in [min, max]. */
    public static WorkloadOption number(String key, double defaultValue, double min, double max, String meaning) {
        return new WorkloadOption(key, new Type(Type.Kind.NUMBER, min, max, List.of()), plain(defaultValue), meaning);
    }

    /** A whole number in [min, max]. */
    public static WorkloadOption whole(String key, int defaultValue, int min, int max, String meaning) {
        return new WorkloadOption(key, new Type(Type.Kind.WHOLE, min, max, List.of()), String.valueOf(defaultValue), meaning);
    }

    /** One of {@code words}; a null default leaves the choice to the workload at start. */
    public static WorkloadOption word(String key, Set<String> words, String defaultValue, String meaning) {
        return new WorkloadOption(key, new Type(Type.Kind.WORD, 0, 0, List.copyOf(new TreeSet<>(words))), defaultValue, meaning);
    }

    /** The same option with another default (the same key in another workload). */
    public WorkloadOption withDefault(double value) {
        return new WorkloadOption(key, type, plain(value), meaning);
    }

    /** The default as a person reads it: {@code key=default}, or the key alone when the workload chooses. */
    public String withItsDefault() {
        return defaultValue == null ? key : key + "=" + defaultValue;
    }

    private static String plain(double n) {
        return n == Math.rint(n) && Math.abs(n) < 1e15 ? String.valueOf((long) n) : String.valueOf(n);
    }
}
