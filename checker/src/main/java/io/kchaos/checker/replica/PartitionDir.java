package io.kchaos.checker.replica;

import org.apache.kafka.common.TopicPartition;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** One topic-partition folder of a log dir ({@code <topic>-<partition>}): its segments and its leader-epoch checkpoint. */
public final class PartitionDir {
    /** Topic names may contain dashes: the partition is the number after the last one. */
    private static final Pattern NAME = Pattern.compile("(.+)-(\\d{1,9})");

    private final TopicPartition topicPartition;
    private final Path path;
    private final List<Segment> segments;
    private final LeaderEpochCheckpoint leaderEpochs;
    private final List<String> warnings;
    private final Supplier<LogCursor> cursors;

    private PartitionDir(TopicPartition topicPartition, Path path, List<Segment> segments, LeaderEpochCheckpoint leaderEpochs,
                         List<String> warnings) {
        this(topicPartition, path, segments, leaderEpochs, warnings, () -> new LogCursor(segments));
    }

    private PartitionDir(TopicPartition topicPartition, Path path, List<Segment> segments, LeaderEpochCheckpoint leaderEpochs,
                         List<String> warnings, Supplier<LogCursor> cursors) {
        this.topicPartition = topicPartition;
        this.path = path;
        this.segments = segments;
        this.leaderEpochs = leaderEpochs;
        this.warnings = warnings;
        this.cursors = cursors;
    }

    /** A partition folder read elsewhere (a replica digest): its log comes from {@code cursors}, not from files here. */
    public static PartitionDir of(TopicPartition topicPartition, Path path, List<Segment> segments, LeaderEpochCheckpoint leaderEpochs,
                                  List<String> warnings, Supplier<LogCursor> cursors) {
        return new PartitionDir(topicPartition, path, List.copyOf(segments), leaderEpochs, List.copyOf(warnings), cursors);
    }

    /**
     * The topic-partition a folder name stands for, or empty for anything else (files, and Kafka's
     * {@code -delete}, {@code -future} and {@code -stray} folders, whose names do not end in a number).
     */
    public static Optional<TopicPartition> parseName(String folderName) {
        Matcher m = NAME.matcher(folderName);
        return m.matches() ? Optional.of(new TopicPartition(m.group(1), Integer.parseInt(m.group(2)))) : Optional.empty();
    }

    /**
     * Lists the folder's segments and reads its leader-epoch checkpoint. A segment name that is not a regular file (a
     * directory, a named pipe: reading it could block forever) and a {@code .log} file not named like a segment are
     * skipped with a warning.
     */
    public static PartitionDir read(Path folder, TopicPartition topicPartition) {
        try (Stream<Path> files = Files.list(folder)) {
            List<Segment> segments = new ArrayList<>();
            List<String> warnings = new ArrayList<>();
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                Optional<Segment> segment = Segment.of(file);
                if (segment.isPresent() && !Files.isRegularFile(file)) {
                    warnings.add(file + " is named like a segment but is not a regular file; skipped");
                } else if (segment.isPresent()) {
                    segments.add(segment.get());
                } else if (file.getFileName().toString().endsWith(".log")) {
                    warnings.add(file + " is not named like a segment (20-digit base offset + .log); skipped");
                }
            }
            segments.sort(Comparator.comparingLong(Segment::baseOffset));
            return new PartitionDir(topicPartition, folder, List.copyOf(segments),
                    LeaderEpochCheckpoint.read(folder.resolve(LeaderEpochCheckpoint.FILE_NAME)), List.copyOf(warnings));
        } catch (IOException e) {
            throw new InvalidLogDirException("cannot list " + folder + ": " + e.getMessage());
        }
    }

    /** A partition a node should hold but whose folder is absent: no segments, no checkpoint. */
    static PartitionDir absent(Path expectedFolder, TopicPartition topicPartition) {
        return new PartitionDir(topicPartition, expectedFolder, List.of(),
                LeaderEpochCheckpoint.read(expectedFolder.resolve(LeaderEpochCheckpoint.FILE_NAME)), List.of());
    }

    /** Files of the folder that were skipped, and why. */
    public List<String> warnings() {
        return warnings;
    }

    public TopicPartition topicPartition() {
        return topicPartition;
    }

    public Path path() {
        return path;
    }

    /** Segments sorted by base offset. */
    public List<Segment> segments() {
        return segments;
    }

    public LeaderEpochCheckpoint leaderEpochs() {
        return leaderEpochs;
    }

    /** Streams the batches of all segments in order; close it when done. */
    public LogCursor openCursor() {
        return cursors.get();
    }
}
