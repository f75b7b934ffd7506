package io.kchaos.checker.replica;

import java.nio.file.Path;
import java.util.List;

/** A partition's {@code leader-epoch-checkpoint}: its epoch lineage as {@code epoch startOffset} lines, in file order. */
public final class LeaderEpochCheckpoint {
    /** The file name inside a partition folder. */
    public static final String FILE_NAME = "leader-epoch-checkpoint";

    private final Path path;
    private final boolean present;
    private final List<EpochEntry> entries;
    private final List<CheckpointProblem> problems;

    private LeaderEpochCheckpoint(Path path, CheckpointFile.Parsed<EpochEntry> parsed) {
        this.path = path;
        this.present = parsed.present();
        this.entries = List.copyOf(parsed.entries());
        this.problems = parsed.problems();
    }

    /** Reads the file; a missing file gives no entries, bad lines become {@link #problems()}. */
    public static LeaderEpochCheckpoint read(Path path) {
        return parse(path, CheckpointBytes.read(path));
    }

    /** Parses the file's bytes as found ({@code path} names it in problems). */
    public static LeaderEpochCheckpoint parse(Path path, CheckpointBytes file) {
        return new LeaderEpochCheckpoint(path, CheckpointFile.parse(path, file, 2, f -> {
            long epoch = CheckpointFile.nonNegativeLong(f[0], "epoch");
            if (epoch > Integer.MAX_VALUE) throw new IllegalArgumentException("epoch out of range: " + epoch);
            return new EpochEntry((int) epoch, CheckpointFile.nonNegativeLong(f[1], "start offset"));
        }));
    }

    public Path path() {
        return path;
    }

    public boolean present() {
        return present;
    }

    /** The entries that parsed, in file order (not re-sorted: order is part of what the audit checks). */
    public List<EpochEntry> entries() {
        return entries;
    }

    public List<CheckpointProblem> problems() {
        return problems;
    }
}
