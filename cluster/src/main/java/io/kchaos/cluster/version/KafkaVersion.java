package io.kchaos.cluster.version;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Kafka release number {@code X.Y.Z}, ordered numerically. */
public record KafkaVersion(int major, int minor, int patch) implements Comparable<KafkaVersion> {
    private static final Pattern FORMAT = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    /** Parses {@code X.Y.Z}; throws IllegalArgumentException (one line) for anything else. */
    public static KafkaVersion parse(String text) {
        Matcher m = FORMAT.matcher(text == null ? "" : text.strip());
        if (!m.matches()) throw new IllegalArgumentException("Kafka version '" + text + "' must look like X.Y.Z (e.g. 3.9.1)");
        return new KafkaVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    /** True when this release is {@code major.minor.0} or later. */
    public boolean atLeast(int major, int minor) {
        return compareTo(new KafkaVersion(major, minor, 0)) >= 0;
    }

    @Override
    public int compareTo(KafkaVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) c = Integer.compare(minor, o.minor);
        return c != 0 ? c : Integer.compare(patch, o.patch);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
