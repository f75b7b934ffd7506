package io.kchaos.harness.bugs;

import io.kchaos.cluster.version.KafkaVersion;

/**
 * A range of Kafka releases in Maven's interval notation: {@code [A,B)} from A up to but not including B, {@code (,B)}
 * everything before B, {@code [A,)} A and later, {@code (,)} every release.
 *
 * @param from   the first release in the range, or null for no lower bound
 * @param before the first release after the range, or null for no upper bound
 */
public record VersionRange(KafkaVersion from, KafkaVersion before) {

    /** @throws IllegalArgumentException (one line) when the text is not one of the four forms */
    public static VersionRange parse(String text) {
        String t = text == null ? "" : text.strip();
        String bad = "version range '" + text + "' must look like [A,B), (,B), [A,) or (,) with A and B as X.Y.Z";
        if (t.length() < 3 || t.charAt(t.length() - 1) != ')' || t.indexOf(',') < 0) throw new IllegalArgumentException(bad);
        char open = t.charAt(0);
        String lower = t.substring(1, t.indexOf(',')).strip();
        String upper = t.substring(t.indexOf(',') + 1, t.length() - 1).strip();
        if (open == '(' && !lower.isEmpty() || open != '(' && open != '[' || open == '[' && lower.isEmpty()) {
            throw new IllegalArgumentException(bad);
        }
        try {
            VersionRange r = new VersionRange(lower.isEmpty() ? null : KafkaVersion.parse(lower), upper.isEmpty() ? null : KafkaVersion.parse(upper));
            if (r.from != null && r.before != null && r.from.compareTo(r.before) >= 0) throw new IllegalArgumentException(bad + " and A before B");
            return r;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().startsWith("version range") ? e.getMessage() : bad);
        }
    }

    public boolean contains(KafkaVersion v) {
        return (from == null || v.compareTo(from) >= 0) && (before == null || v.compareTo(before) < 0);
    }

    /** In words: "3.7.0 up to 3.8.0 (excluded)", "before 4.1.0", "4.1.0 and later", "every release". */
    public String describe() {
        if (from == null && before == null) return "every release";
        if (from == null) return "before " + before;
        if (before == null) return from + " and later";
        return from + " up to " + before + " (excluded)";
    }

    @Override
    public String toString() {
        return (from == null ? "(" : "[" + from) + "," + (before == null ? "" : before) + ")";
    }
}
