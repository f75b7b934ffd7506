package io.kchaos.history;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The JSON lines of a history file in either {@link HistoryFormat}, told apart by the content: a file that starts with
 * zstd's magic number (or ends in its first two or three bytes, a first frame cut short) is decompressed, anything else is read as
 * it is. Every history reader opens its file through here.
 */
public final class HistoryInput extends FilterInputStream {
    private final HistoryFormat format;
    private final ZstdFrames frames;

    private HistoryInput(InputStream lines, HistoryFormat format, ZstdFrames frames) {
        super(lines);
        this.format = format;
        this.frames = frames;
    }

    /**
     * Opens {@code file}, plain or compressed whatever its name. A {@link FileInputStream}, whose {@code available()}
     * also works on a named pipe (JDK 17's {@code Files.newInputStream} seeks there, which a pipe refuses).
     */
    public static HistoryInput open(Path file) throws IOException {
        InputStream raw = new FileInputStream(file.toFile());
        try {
            return of(raw);
        } catch (IOException | RuntimeException | Error e) {
            raw.close();
            throw e;
        }
    }

    /** Reads {@code raw}, which it then owns and closes. */
    public static HistoryInput of(InputStream raw) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        if (formatOf(in) == HistoryFormat.JSONL) return new HistoryInput(in, HistoryFormat.JSONL, null);
        ZstdFrames frames = new ZstdFrames(in);
        return new HistoryInput(frames, HistoryFormat.ZSTD, frames);
    }

    /** The format of the stream's first bytes, the stream left where it was. */
    private static HistoryFormat formatOf(BufferedInputStream in) throws IOException {
        byte[] magic = HistoryFormat.ZSTD_MAGIC;
        in.mark(magic.length);
        byte[] head = in.readNBytes(magic.length);
        in.reset();
        boolean zstd = head.length >= 2 && Arrays.equals(head, Arrays.copyOf(magic, head.length));
        return zstd ? HistoryFormat.ZSTD : HistoryFormat.JSONL;
    }

    /** The format found in the file. */
    public HistoryFormat format() {
        return format;
    }

    /**
     * Whether a compressed history ended inside a zstd frame (a writer killed mid-flush), known once read to its end:
     * the frame's lines past what could be decompressed are lost, as a torn last line is.
     */
    public boolean endedMidFrame() {
        return frames != null && frames.endedMidFrame();
    }

    /** The warning a reader gives for a history that {@link #endedMidFrame()}. */
    public static String midFrameWarning() {
        return "the history ends mid-frame (its last zstd frame is cut short, as a killed writer leaves it); the rest of it is ignored";
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return in.read(b, off, len);
    }
}
