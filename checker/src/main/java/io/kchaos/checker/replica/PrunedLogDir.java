package io.kchaos.checker.replica;

import io.kchaos.history.folder.RunFiles;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A broker log dir whose segment bytes were replaced by a replica digest of itself ({@link LogDirPruner}): the digest
 * lies in the log dir as {@link #FILE}, and the audit reads it in the dir's place.
 */
public final class PrunedLogDir {
    /** The digest's name inside a pruned log dir (the name the SSH backend gives a node's digest too). */
    public static final String FILE = RunFiles.REPLICA_DIGEST;

    private PrunedLogDir() {
    }

    /** True for a directory holding a replica digest of itself. */
    public static boolean isPruned(Path dir) {
        return Files.isDirectory(dir) && DigestFormat.isDigest(digestOf(dir));
    }

    /** Where a pruned log dir keeps its digest. */
    public static Path digestOf(Path dir) {
        return dir.resolve(FILE);
    }
}
