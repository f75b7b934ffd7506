package io.kchaos.checker.replica;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * A checkpoint file's bytes as found, before parsing: absent, unreadable (with the reason), or its content. Lets a
 * replica digest carry checkpoints from another host to the same parser the local audit uses.
 *
 * @param present whether something was there under the name
 * @param bytes   its content (empty when absent or not read)
 * @param problem why it was not read (not a regular file, an I/O error), or null
 */
public record CheckpointBytes(boolean present, byte[] bytes, String problem) {
    private static final CheckpointBytes ABSENT = new CheckpointBytes(false, new byte[0], null);

    /** Reads the file; never throws. */
    public static CheckpointBytes read(Path path) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) return ABSENT;
        if (!Files.isRegularFile(path)) return new CheckpointBytes(true, new byte[0], "not a regular file; not read"); // a named pipe would block
        try {
            return new CheckpointBytes(true, Files.readAllBytes(path), null);
        } catch (IOException e) {
            return new CheckpointBytes(true, new byte[0], "cannot read: " + e.getMessage());
        }
    }

    /** No file. */
    public static CheckpointBytes absent() {
        return ABSENT;
    }
}
