package io.kchaos.report;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Number and time formatting shared by the HTML, SVG and JUnit writers ("unknown" for what is missing). */
public final class Format {
    public static final String UNKNOWN = "unknown";
    private static final double NANOS_PER_SECOND = 1e9;
    private static final double NANOS_PER_MILLI = 1e6;
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT);

    private Format() {
    }

    /** Nanoseconds since the run started as seconds, e.g. "12.345". */
    public static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / NANOS_PER_SECOND);
    }

    /** A duration in nanoseconds as a short human figure: "850 µs", "12.3 ms", "4.20 s". */
    public static String duration(long nanos) {
        if (nanos < 0) return UNKNOWN;
        if (nanos < 1_000_000) return String.format(Locale.ROOT, "%d µs", nanos / 1000);
        if (nanos < 1_000_000_000) return String.format(Locale.ROOT, "%.1f ms", nanos / NANOS_PER_MILLI);
        return String.format(Locale.ROOT, "%.2f s", nanos / NANOS_PER_SECOND);
    }

    /** Milliseconds with three significant decimals for latencies tables, e.g. "1.234". */
    public static String millis(double ms) {
        if (Double.isNaN(ms) || ms < 0) return UNKNOWN;
        if (ms >= 100) return String.format(Locale.ROOT, "%.0f", ms);
        if (ms >= 10) return String.format(Locale.ROOT, "%.1f", ms);
        return String.format(Locale.ROOT, "%.3f", ms);
    }

    /** A plain decimal with the given number of fraction digits. */
    public static String decimal(double v, int digits) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return UNKNOWN;
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }

    /** A byte count as "1.2 MB". */
    public static String bytes(long n) {
        if (n < 1024) return n + " B";
        if (n < 1024 * 1024) return decimal(n / 1024.0, 1) + " KB";
        return decimal(n / (1024.0 * 1024.0), 1) + " MB";
    }

    /** An ISO-8601 instant as a person reads it, to the second: "2026-12-03 08:26:59 UTC"; other text as it is. */
    public static String instant(String iso) {
        try {
            return STAMP.format(Instant.parse(iso).atZone(ZoneOffset.UTC));
        } catch (RuntimeException e) {
            return orUnknown(iso);
        }
    }

    /** The text, or "unknown" when null or blank. */
    public static String orUnknown(String s) {
        return s == null || s.isBlank() ? UNKNOWN : s;
    }

    /** Cuts long text to max characters, saying how much was left out. */
    public static String clip(String s, int max) {
        if (s == null || s.length() <= max) return s;
        return s.substring(0, max) + " … (" + (s.length() - max) + " more characters)";
    }
}
