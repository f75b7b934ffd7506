package io.kchaos.checker.replica;

import org.apache.kafka.common.TopicPartition;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A per-log-dir offset checkpoint ({@code replication-offset-checkpoint}, {@code recovery-point-offset-checkpoint},
 * {@code log-start-offset-checkpoint}): {@code topic partition offset} lines after the version and count lines.
 */
public final class OffsetCheckpoint {
    private final Path path;
    private final boolean present;
    private final Map<TopicPartition, Long> offsets;
    private final List<CheckpointProblem> problems;

    private OffsetCheckpoint(Path path, CheckpointFile.Parsed<Map.Entry<TopicPartition, Long>> parsed) {
        this.path = path;
        this.present = parsed.present();
        this.offsets = new HashMap<>();
        parsed.entries().forEach(e -> offsets.put(e.getKey(), e.getValue()));
        this.problems = parsed.problems();
    }

    /** Reads the file; a missing file gives an empty, absent checkpoint, bad lines become {@link #problems()}. */
    public static OffsetCheckpoint read(Path path) {
        return parse(path, CheckpointBytes.read(path));
    }

    /** Parses the file's bytes as found ({@code path} names it in problems). */
    public static OffsetCheckpoint parse(Path path, CheckpointBytes file) {
        return new OffsetCheckpoint(path, CheckpointFile.parse(path, file, 3, f -> {
            long partition = CheckpointFile.nonNegativeLong(f[1], "partition");
            if (partition > Integer.MAX_VALUE) throw new IllegalArgumentException("partition out of range: " + partition);
            long offset = CheckpointFile.nonNegativeLong(f[2], "offset");
            return Map.entry(new TopicPartition(f[0], (int) partition), offset);
        }));
    }

    public Path path() {
        return path;
    }

    /** False when the file does not exist. */
    public boolean present() {
        return present;
    }

    public OptionalLong offset(TopicPartition tp) {
        Long v = offsets.get(tp);
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    public List<CheckpointProblem> problems() {
        return problems;
    }
}
