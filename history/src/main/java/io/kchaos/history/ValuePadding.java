package io.kchaos.history;

import java.nio.ByteBuffer;

/**
 * How a produced record's value carries a kchaos value padded to a size (the queue workload's {@code value-bytes}
 * option, run.json's {@code workload-options}): the decimal value, {@value #SEPARATOR}, then {@value #FILLER}s up to
 * the size; every reader takes the value back with {@link #decode}, so histories record the number alone.
 */
public final class ValuePadding {
    /** The workload option's key, in {@code --workload-option} and run.json's {@code workload-options}. */
    public static final String OPTION = "value-bytes";
    /**
     * The largest padded size: a record of it and its batch still fit Kafka's default 1 MiB limits
     * ({@code max.request.size}, {@code message.max.bytes}).
     */
    public static final int MAX_BYTES = 1_000_000;
    /** Ends the decimal value; no decimal long contains it. */
    public static final char SEPARATOR = '#';
    /** The padding after the separator. */
    public static final char FILLER = 'x';

    private ValuePadding() {
    }

    /**
     * The record value of {@code value} padded to {@code bytes}: the plain decimal when {@code bytes} is 0, otherwise
     * the decimal and the separator followed by filler up to {@code bytes} in all (none when they are that long already).
     */
    public static String encode(long value, int bytes) {
        if (bytes < 0 || bytes > MAX_BYTES) throw new IllegalArgumentException(OPTION + " must be 0 to " + MAX_BYTES + ", not " + bytes);
        String digits = Long.toString(value);
        if (bytes == 0) return digits;
        return digits + SEPARATOR + String.valueOf(FILLER).repeat(Math.max(0, bytes - digits.length() - 1));
    }

    /**
     * Whether the record value's bytes (from its position to its limit, not moved) are {@code value} as {@link #encode}
     * writes it for some size: its decimal alone, or followed by the separator and filler only. False for null.
     */
    public static boolean carries(ByteBuffer recordValue, long value) {
        if (recordValue == null) return false;
        String digits = Long.toString(value);
        int at = recordValue.position();
        int end = recordValue.limit();
        if (end - at < digits.length()) return false;
        for (int i = 0; i < digits.length(); i++) {
            if (recordValue.get(at + i) != digits.charAt(i)) return false;
        }
        int i = at + digits.length();
        if (i == end) return true;
        if (recordValue.get(i) != SEPARATOR) return false;
        while (++i < end) {
            if (recordValue.get(i) != FILLER) return false;
        }
        return true;
    }

    /**
     * The kchaos value a record value carries, padded or not; null when it is none (no decimal long, or something other
     * than filler after the separator).
     */
    public static Long decode(String recordValue) {
        if (recordValue == null) return null;
        int sep = recordValue.indexOf(SEPARATOR);
        if (sep >= 0) {
            for (int i = sep + 1; i < recordValue.length(); i++) {
                if (recordValue.charAt(i) != FILLER) return null;
            }
        }
        try {
            return Long.parseLong(sep < 0 ? recordValue : recordValue.substring(0, sep));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
