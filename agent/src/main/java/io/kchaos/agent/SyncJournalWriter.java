package io.kchaos.agent;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Appends the journal's lines, one {@code write} each, so a SIGKILL leaves every completed line in the page cache:
 * {@code S <inode> <length>} after a successful sync of a file that was {@code length} bytes long when the sync began,
 * {@code T <inode> <length>} after a successful truncate or set-length, {@code E <reason>} when a file could not be
 * identified (the harness reports it).
 */
final class SyncJournalWriter {
    private final FileOutputStream out;

    SyncJournalWriter(Path file) {
        try {
            this.out = new FileOutputStream(file.toFile(), true);
        } catch (IOException e) {
            throw new UncheckedIOException("kchaos-agent: cannot open the sync journal " + file, e);
        }
    }

    void synced(long inode, long length) {
        append("S " + inode + " " + length + "\n");
    }

    void truncated(long inode, long length) {
        append("T " + inode + " " + length + "\n");
    }

    void unidentified(String reason) {
        append("E " + reason.replace('\n', ' ') + "\n");
    }

    private synchronized void append(String line) {
        try {
            out.write(line.getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            System.err.println("kchaos-agent: cannot append to the sync journal: " + e);
        }
    }
}
