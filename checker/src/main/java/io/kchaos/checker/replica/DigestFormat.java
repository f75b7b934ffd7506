package io.kchaos.checker.replica;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * The replica digest file: what {@link DigestWriter} records of broker log dirs on a host and {@link DigestReader}
 * replays on the control node. A gzip stream of: the header {@link #MAGIC}; the number of log dirs; per dir its path
 * and either an error or node id, clean-shutdown flag, the bytes of its three offset checkpoints and its partitions;
 * per partition topic, number, path, segment files, the leader-epoch checkpoint's bytes and the events a
 * {@link LogCursor} found, tagged {@link #SCANNED}, {@link #BATCH} (header facts, then the records at acknowledged
 * offsets), {@link #UNREADABLE} and {@link #END}. Never a segment's bytes.
 */
final class DigestFormat {
    static final String MAGIC = "kchaos-replica-digest/2";
    static final byte SCANNED = 'S';
    static final byte BATCH = 'B';
    static final byte UNREADABLE = 'U';
    static final byte END = 'E';
    /** Records of a batch were not read (no acknowledged offset in it). */
    static final int NOT_READ = -1;

    private DigestFormat() {
    }

    /** Whether the file is a replica digest (a gzip stream starting with the header). */
    static boolean isDigest(Path file) {
        if (!Files.isRegularFile(file)) return false;
        try (DataInputStream in = open(file)) {
            return MAGIC.equals(in.readUTF());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    static DataInputStream open(Path file) throws IOException {
        InputStream raw = Files.newInputStream(file);
        try {
            return new DataInputStream(new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16));
        } catch (IOException e) {
            raw.close();
            throw e;
        }
    }
}
