package io.kchaos.history.folder;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A run folder's pruned.json (docs/format.md, "Bounded evidence"), its field names and the totals a reader shows:
 * the bytes of the brokers' log dirs before and after a VALID run's data was pruned to replica digests.
 *
 * @param bytesBefore the log dirs' bytes before pruning
 * @param bytesAfter  their bytes after (digests, checkpoints and metadata logs)
 */
public record PrunedJson(long bytesBefore, long bytesAfter) {
    public static final String KEEP_DATA = "keep-data";
    public static final String VERDICT = "verdict";
    public static final String BYTES_BEFORE = "bytes-before";
    public static final String BYTES_AFTER = "bytes-after";
    public static final String DIGEST_BYTES = "digest-bytes";
    public static final String METADATA_LOG_BYTES = "metadata-log-bytes";
    public static final String FILES_REMOVED = "files-removed";
    /** One entry per pruned log dir, each with the totals' fields and {@link #NODE}, {@link #DIR}, {@link #DIGEST}. */
    public static final String LOG_DIRS = "log-dirs";
    public static final String NODE = "node";
    /** A path relative to the run folder. */
    public static final String DIR = "dir";
    public static final String DIGEST = "digest";
    /** Log dirs left whole, each with the reason (e.g. outside the run folder, an I/O error). */
    public static final String NOT_PRUNED = "not-pruned";

    /** The totals of the run folder {@code dir}'s pruned.json; empty when it has none or it cannot be read. */
    public static Optional<PrunedJson> read(Path dir) {
        Path file = new RunFiles(dir).pruned();
        if (!Files.isRegularFile(file)) return Optional.empty();
        JsonNode root = FolderJson.read(file).root();
        JsonNode before = root.path(BYTES_BEFORE);
        JsonNode after = root.path(BYTES_AFTER);
        if (!before.canConvertToLong() || !after.canConvertToLong()) return Optional.empty();
        return Optional.of(new PrunedJson(before.asLong(), after.asLong()));
    }
}
