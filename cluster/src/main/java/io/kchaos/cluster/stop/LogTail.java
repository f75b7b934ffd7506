package io.kchaos.cluster.stop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A log file on this machine read from where it ended when the tail was made: each read gives what was appended since
 * the previous one (at most 1 MiB a read).
 */
public final class LogTail {
    private static final int MAX_READ = 1 << 20;

    private final Path log;
    private long read;

    private LogTail(Path log, long read) {
        this.log = log;
        this.read = read;
    }

    /** The tail of {@code log} from its current end (from the start when it does not exist yet). */
    public static LogTail fromEnd(Path log) {
        return new LogTail(log, size(log));
    }

    /** The text appended since the previous read; empty when nothing was, or the file cannot be read. */
    public String appended() {
        try (FileChannel ch = FileChannel.open(log, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size <= read) return "";
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(size - read, MAX_READ));
            ch.read(buf, read);
            read += buf.position();
            return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Appends {@code line} and a newline; throws {@link UncheckedIOException} naming the file when it cannot. */
    public void append(String line) {
        try {
            Files.writeString(log, line + "\n", StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(log + ": " + e.getMessage(), e);
        }
    }

    private static long size(Path log) {
        try {
            return Files.exists(log) ? Files.size(log) : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
