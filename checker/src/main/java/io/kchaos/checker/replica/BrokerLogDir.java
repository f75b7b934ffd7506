package io.kchaos.checker.replica;

import org.apache.kafka.common.TopicPartition;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One broker log directory (a {@code log.dirs} folder) as the broker left it: node id, per-dir checkpoints, whether
 * it was shut down cleanly, and its topic-partition folders.
 */
public final class BrokerLogDir {
    public static final String META_PROPERTIES = "meta.properties";
    public static final String HIGH_WATERMARKS = "replication-offset-checkpoint";
    public static final String RECOVERY_POINTS = "recovery-point-offset-checkpoint";
    public static final String LOG_START_OFFSETS = "log-start-offset-checkpoint";
    /** Written by Kafka's LogManager (CleanShutdownFileHandler) on clean shutdown, deleted when the broker starts. */
    public static final String CLEAN_SHUTDOWN = ".kafka_cleanshutdown";

    private final Path path;
    private final int nodeId;
    private final boolean cleanShutdown;
    private final OffsetCheckpoint highWatermarks;
    private final OffsetCheckpoint recoveryPoints;
    private final OffsetCheckpoint logStartOffsets;
    private final List<PartitionDir> partitions;

    private BrokerLogDir(Path path, int nodeId, boolean cleanShutdown, OffsetCheckpoint highWatermarks,
                         OffsetCheckpoint recoveryPoints, OffsetCheckpoint logStartOffsets, List<PartitionDir> partitions) {
        this.path = path;
        this.nodeId = nodeId;
        this.cleanShutdown = cleanShutdown;
        this.highWatermarks = highWatermarks;
        this.recoveryPoints = recoveryPoints;
        this.logStartOffsets = logStartOffsets;
        this.partitions = partitions;
    }

    /**
     * A log dir read elsewhere (a replica digest from another host): {@code path} is where it is on that host,
     * {@code checkpoints} the bytes of its three offset checkpoints in the order high watermarks, recovery points,
     * log start offsets.
     */
    public static BrokerLogDir of(Path path, int nodeId, boolean cleanShutdown, List<CheckpointBytes> checkpoints,
                                  List<PartitionDir> partitions) {
        return new BrokerLogDir(path, nodeId, cleanShutdown, OffsetCheckpoint.parse(path.resolve(HIGH_WATERMARKS), checkpoints.get(0)),
                OffsetCheckpoint.parse(path.resolve(RECOVERY_POINTS), checkpoints.get(1)),
                OffsetCheckpoint.parse(path.resolve(LOG_START_OFFSETS), checkpoints.get(2)), List.copyOf(partitions));
    }

    /** The files {@link #of} takes the checkpoints from, in its order. */
    public static List<String> checkpointFiles() {
        return List.of(HIGH_WATERMARKS, RECOVERY_POINTS, LOG_START_OFFSETS);
    }

    /** Opens a log dir with every non-internal topic. */
    public static BrokerLogDir open(Path dir) {
        return open(dir, topic -> !isInternal(topic));
    }

    /** Opens a log dir with the topics the filter accepts; throws {@link InvalidLogDirException} if it is not a log dir. */
    public static BrokerLogDir open(Path dir, Predicate<String> topics) {
        if (!Files.isDirectory(dir)) throw new InvalidLogDirException("not a directory: " + dir);
        int nodeId = readNodeId(dir.resolve(META_PROPERTIES));
        List<PartitionDir> partitions = new ArrayList<>();
        try (Stream<Path> children = Files.list(dir)) {
            for (Path child : (Iterable<Path>) children.sorted()::iterator) {
                if (!Files.isDirectory(child)) continue;
                Optional<TopicPartition> tp = PartitionDir.parseName(child.getFileName().toString());
                if (tp.isPresent() && topics.test(tp.get().topic())) partitions.add(PartitionDir.read(child, tp.get()));
            }
        } catch (IOException e) {
            throw new InvalidLogDirException("cannot list " + dir + ": " + e.getMessage());
        }
        partitions.sort(Comparator.comparing((PartitionDir p) -> p.topicPartition().topic())
                .thenComparingInt(p -> p.topicPartition().partition()));
        return new BrokerLogDir(dir, nodeId, Files.exists(dir.resolve(CLEAN_SHUTDOWN)), OffsetCheckpoint.read(dir.resolve(HIGH_WATERMARKS)),
                OffsetCheckpoint.read(dir.resolve(RECOVERY_POINTS)), OffsetCheckpoint.read(dir.resolve(LOG_START_OFFSETS)),
                List.copyOf(partitions));
    }

    /** Kafka's internal topics ({@code __consumer_offsets}, {@code __transaction_state}, {@code __cluster_metadata}, ...). */
    public static boolean isInternal(String topic) {
        return topic.startsWith("__");
    }

    private static int readNodeId(Path meta) {
        if (Files.exists(meta) && !Files.isRegularFile(meta)) {
            throw new InvalidLogDirException(meta + " is not a regular file; not read");
        }
        if (!Files.isRegularFile(meta)) {
            throw new InvalidLogDirException("not a Kafka log dir (no " + META_PROPERTIES + "): " + meta.getParent());
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(meta)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw new InvalidLogDirException("cannot read " + meta + ": " + e.getMessage());
        }
        String id = p.getProperty("node.id", p.getProperty("broker.id"));
        if (id == null) throw new InvalidLogDirException(meta + " has neither node.id nor broker.id");
        try {
            return Integer.parseInt(id.trim());
        } catch (NumberFormatException e) {
            throw new InvalidLogDirException(meta + ": node id is not a number: '" + id + "'");
        }
    }

    public Path path() {
        return path;
    }

    public int nodeId() {
        return nodeId;
    }

    /** True when the broker left the clean-shutdown marker, i.e. it was stopped cleanly and has not run since. */
    public boolean cleanShutdown() {
        return cleanShutdown;
    }

    public OffsetCheckpoint highWatermarks() {
        return highWatermarks;
    }

    public OffsetCheckpoint recoveryPoints() {
        return recoveryPoints;
    }

    public OffsetCheckpoint logStartOffsets() {
        return logStartOffsets;
    }

    /** The accepted topic-partition folders, sorted by topic then partition. */
    public List<PartitionDir> partitions() {
        return partitions;
    }

    /** Problems of this dir's three offset checkpoints (partition leader-epoch checkpoints are on each {@link PartitionDir}). */
    public List<CheckpointProblem> checkpointProblems() {
        List<CheckpointProblem> all = new ArrayList<>(highWatermarks.problems());
        all.addAll(recoveryPoints.problems());
        all.addAll(logStartOffsets.problems());
        return all;
    }
}
