package io.kchaos.checker.replica;

import org.apache.kafka.common.TopicPartition;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    private final Supplier<LogCursor> cursors;

    private PartitionDir(TopicPartition topicPartition, Path path, List<Segment> segments, LeaderEpochCheckpoint leaderEpochs) {
        this(topicPartition, path, segments, leaderEpochs, () -> new LogCursor(segments));
    }

    private PartitionDir(TopicPartition topicPartition, Path path, List<Segment> segments, LeaderEpochCheckpoint leaderEpochs,
                         Supplier<LogCursor> cursors) {
        this.topicPartition = topicPartition;
        this.path = path;
        this.segments = segments;
        this.leaderEpochs = leaderEpochs;
        this.cursors = cursors;
    }

    /** A partition folder read elsewhere (a replica digest): its log comes from {@code cursors}, not from files here. */
    public static PartitionDir of(TopicPartition topicPartition, Path path, List<Segment> segments, LeaderEpochCheckpoint leaderEpochs,
                                  Supplier<LogCursor> cursors) {
        return new PartitionDir(topicPartition, path, List.copyOf(segments), leaderEpochs, cursors);
    }

    /**
     * The topic-partition a folder name stands for, or empty for anything else (files, and Kafka's
     * {@code -delete}, {@code -future} and {@code -stray} folders, whose names do not end in a number).
     */
    public static Optional<TopicPartition> parseName(String folderName) {
        Matcher m = NAME.matcher(folderName);
        return m.matches() ? Optional.of(new TopicPartition(m.group(1), Integer.parseInt(m.group(2)))) : Optional.empty();
    }

    /** Lists the folder's segments and reads its leader-epoch checkpoint. */
    public static PartitionDir read(Path folder, TopicPartition topicPartition) {
        try (Stream<Path> files = Files.list(folder)) {
            List<Segment> segments = files.map(Segment::of).flatMap(Optional::stream)
                    .sorted(Comparator.comparingLong(Segment::baseOffset)).toList();
            return new PartitionDir(topicPartition, folder, segments, LeaderEpochCheckpoint.read(folder.resolve(LeaderEpochCheckpoint.FILE_NAME)));
        } catch (IOException e) {
            throw new InvalidLogDirException("cannot list " + folder + ": " + e.getMessage());
        }
    }

    /** A partition a node should hold but whose folder is absent: no segments, no checkpoint. */
    static PartitionDir absent(Path expectedFolder, TopicPartition topicPartition) {
        return new PartitionDir(topicPartition, expectedFolder, List.of(), LeaderEpochCheckpoint.read(expectedFolder.resolve(LeaderEpochCheckpoint.FILE_NAME)));
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
