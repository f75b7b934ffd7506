package io.kchaos.checker.replica;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * The replica digest file: what {@link DigestWriter} records of broker log dirs on a host and {@link DigestReader}
 * replays on the control node. A zstd stream ({@link #ZSTD_LEVEL}) of {@link VarintOutput}'s numbers and strings: the
 * header {@link #MAGIC}; the number of log dirs; per dir its path and either an error or node id, clean-shutdown flag,
 * the bytes of its three offset checkpoints and its partitions; per partition topic, number, path, segment files, the
 * leader-epoch checkpoint's bytes and the events a {@link LogCursor} found, tagged {@link #SCANNED}, {@link #BATCH}
 * (header facts, then the records at acknowledged offsets, each offset as its distance from the one before, the first
 * from the batch's base offset), {@link #UNREADABLE} and {@link #END}. Never a segment's bytes. Digests written before
 * 2026-12-07 ({@link #LEGACY_MAGIC}: gzip, fixed-width numbers, absolute record offsets) are still read.
 */
final class DigestFormat {
    static final String MAGIC = "kchaos-replica-digest/3";
    static final String LEGACY_MAGIC = "kchaos-replica-digest/2";
    static final int ZSTD_LEVEL = 6;
    static final byte SCANNED = 'S';
    static final byte BATCH = 'B';
    static final byte UNREADABLE = 'U';
    static final byte END = 'E';
    /** Records of a batch were not read (no acknowledged offset in it). */
    static final int NOT_READ = -1;
    private static final int GZIP_FIRST_BYTE = 0x1f;

    private DigestFormat() {
    }

    /** An open digest past its header: its data, and whether it has the legacy layout. */
    record Opened(DataInput in, Closeable stream, boolean legacy) implements Closeable {
        @Override
        public void close() throws IOException {
            stream.close();
        }
    }

    /** Whether the file is a replica digest (either layout, starting with its header). */
    static boolean isDigest(Path file) {
        if (!Files.isRegularFile(file)) return false;
        try (Opened digest = open(file)) {
            return digest.in() != null;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The digest at {@code file}, its header read; an IOException when it is not a digest. */
    static Opened open(Path file) throws IOException {
        BufferedInputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        try {
            raw.mark(1);
            boolean legacy = raw.read() == GZIP_FIRST_BYTE;
            raw.reset();
            InputStream data = new BufferedInputStream(legacy ? new GZIPInputStream(raw, 1 << 16) : new ZstdInputStreamNoFinalizer(raw), 1 << 16);
            DataInput in = legacy ? new DataInputStream(data) : new VarintInput(data);
            String magic = in.readUTF();
            if (!(legacy ? LEGACY_MAGIC : MAGIC).equals(magic)) throw new IOException("not a replica digest: " + file);
            return new Opened(in, data, legacy);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }
}
