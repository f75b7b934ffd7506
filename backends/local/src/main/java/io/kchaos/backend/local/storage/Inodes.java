package io.kchaos.backend.local.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/** A file's inode number, the key of the sync journal (it follows a file through renames). */
final class Inodes {
    private Inodes() {
    }

    static long of(Path file) throws IOException {
        return (Long) Files.getAttribute(file, "unix:ino", LinkOption.NOFOLLOW_LINKS);
    }
}
