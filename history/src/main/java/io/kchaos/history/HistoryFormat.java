package io.kchaos.history;

import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a history file is stored ({@code run --history-format}): {@link #JSONL}, the JSON lines as they are; {@link #ZSTD},
 * the same lines in zstd frames, one frame per writer flush, so a crash loses at most the frame being written
 * (docs/format.md). Readers tell them apart by the content ({@link HistoryInput}), never by the name.
 */
public enum HistoryFormat {
    JSONL, ZSTD;

    /** zstd's frame magic number 0xFD2FB528, as its first four bytes on disk (little-endian). */
    static final byte[] ZSTD_MAGIC = {(byte) 0x28, (byte) 0xB5, (byte) 0x2F, (byte) 0xFD};
    /**
     * zstd's level 8: ~11x smaller than the lines at ~70 MB/s of lines on one core here (level 6: 9.4x at ~105 MB/s;
     * level 3, zstd's default: 8.6x at ~270 MB/s), while a run at full rate writes ~6 MB/s of lines (docs/performance.md,
     * History format).
     */
    static final int ZSTD_LEVEL = 8;

    /** The {@code --history-format} word. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format named {@code word}; IllegalArgumentException (one line) for any other word. */
    public static HistoryFormat parse(String word) {
        for (HistoryFormat f : values()) {
            if (f.wire().equals(word)) return f;
        }
        throw new IllegalArgumentException("unknown --history-format '" + word + "'; known: "
                + Arrays.stream(values()).map(HistoryFormat::wire).collect(Collectors.joining(", ")));
    }

    /**
     * A new file at {@code file} to write the lines to. For {@link #ZSTD} each {@code flush()} closes the current frame,
     * so what was flushed can be read back whatever happens to the writer afterwards; a flush with nothing new writes
     * nothing.
     */
    public OutputStream create(Path file) throws IOException {
        OutputStream out = Files.newOutputStream(file);
        if (this == JSONL) return out;
        try {
            return new ZstdOutputStreamNoFinalizer(out, ZSTD_LEVEL).setCloseFrameOnFlush(true);
        } catch (IOException | RuntimeException | Error e) {
            out.close();
            throw e;
        }
    }
}
