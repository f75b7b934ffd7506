package io.kchaos.checker.replica;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A checkpoint file's bytes as found, before parsing: absent, unreadable (with the reason), or its content. Lets a
 * replica digest carry checkpoints from another host to the same parser the local audit uses.
 *
 * @param present   whether a regular file was there
 * @param bytes     its content (empty when absent or unreadable)
 * @param readError why it could not be read, or null
 */
public record CheckpointBytes(boolean present, byte[] bytes, String readError) {
    private static final CheckpointBytes ABSENT = new CheckpointBytes(false, new byte[0], null);

    /** Reads the file; never throws. */
    public static CheckpointBytes read(Path path) {
        if (!Files.isRegularFile(path)) return ABSENT;
        try {
            return new CheckpointBytes(true, Files.readAllBytes(path), null);
        } catch (IOException e) {
            return new CheckpointBytes(true, new byte[0], e.getMessage());
        }
    }

    /** No file. */
    public static CheckpointBytes absent() {
        return ABSENT;
    }
}
