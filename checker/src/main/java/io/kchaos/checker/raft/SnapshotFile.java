package io.kchaos.checker.raft;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One KRaft snapshot, {@code <20-digit end offset>-<10-digit epoch>.checkpoint}: it summarises the log's offsets below
 * {@code endOffset}, and {@code epoch} is the epoch its id names (KRaft's {@code OffsetAndEpoch}). In-progress
 * ({@code .part}) and deleted snapshots are not snapshots.
 *
 * @param path      the file
 * @param endOffset the offset after the last one it summarises
 * @param epoch     the epoch of its id
 */
public record SnapshotFile(Path path, long endOffset, int epoch) {
    private static final Pattern NAME = Pattern.compile("(\\d{20})-(\\d{10})\\.checkpoint");

    /** The snapshot a file name stands for, or empty for any other file. */
    public static Optional<SnapshotFile> of(Path file) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        if (!m.matches()) return Optional.empty();
        try {
            return Optional.of(new SnapshotFile(file, Long.parseLong(m.group(1)), Integer.parseInt(m.group(2))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The file name KRaft gives the snapshot with this id. */
    public static String fileName(long endOffset, int epoch) {
        return String.format("%020d-%010d.checkpoint", endOffset, epoch);
    }
}
