package io.kchaos.checker.replica;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One segment file of a partition, {@code <20-digit base offset>.log}.
 *
 * @param path       the file
 * @param baseOffset the base offset in its name
 */
public record Segment(Path path, long baseOffset) {
    private static final Pattern NAME = Pattern.compile("(\\d{20})\\.log");

    /** The segment for a file name, or empty when the name is not a segment's (indexes, {@code .deleted}, ...). */
    public static Optional<Segment> of(Path file) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        if (!m.matches()) return Optional.empty();
        try {
            return Optional.of(new Segment(file, Long.parseLong(m.group(1))));
        } catch (NumberFormatException e) {
            return Optional.empty(); // 20 digits above Long.MAX_VALUE
        }
    }

    /** The file name Kafka gives the segment starting at {@code baseOffset}. */
    public static String fileName(long baseOffset) {
        return String.format("%020d.log", baseOffset);
    }
}
