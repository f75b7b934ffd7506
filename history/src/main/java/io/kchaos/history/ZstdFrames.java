package io.kchaos.history;

import com.github.luben.zstd.ZstdIOException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The lines of a stream of zstd frames, decompressed as they are read. A last frame cut short (the writer was killed
 * while writing it) ends the stream instead of failing it, after what could be decompressed of it, and is remembered
 * ({@link #endedMidFrame}, told by {@link ZstdFrameEnds}); any other damage is an IOException.
 */
final class ZstdFrames extends InputStream {
    /** What zstd-jni says when its source ends inside a frame. */
    private static final String TRUNCATED = "Truncated source";

    private final ZstdFrameEnds frameEnds = new ZstdFrameEnds();
    private final ZstdInputStreamNoFinalizer in;
    private boolean endedMidFrame;

    ZstdFrames(InputStream compressed) throws IOException {
        this.in = new ZstdInputStreamNoFinalizer(new Followed(compressed, frameEnds));
    }

    @Override
    public int read() throws IOException {
        return readOne(this);
    }

    /** Reads at least one byte (zstd-jni returns 0 at the end of a frame that gave nothing more), or -1 at the end. */
    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (endedMidFrame) return -1;
        try {
            int n;
            do {
                n = in.read(b, off, len);
            } while (n == 0 && len > 0);
            if (n < 0 && !frameEnds.betweenFrames()) endedMidFrame = true;
            return n;
        } catch (ZstdIOException e) {
            if (!TRUNCATED.equals(e.getMessage())) throw new IOException("not a readable zstd history: " + e.getMessage(), e);
            endedMidFrame = true;
            return -1;
        }
    }

    /** Whether the stream ended inside a frame, known once read to its end. */
    boolean endedMidFrame() {
        return endedMidFrame;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private static int readOne(InputStream in) throws IOException {
        byte[] one = new byte[1];
        return in.read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    /** The compressed bytes, each shown to the frame follower as it goes to the decompressor. */
    private static final class Followed extends FilterInputStream {
        private final ZstdFrameEnds frameEnds;

        Followed(InputStream compressed, ZstdFrameEnds frameEnds) {
            super(compressed);
            this.frameEnds = frameEnds;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) frameEnds.feed(b, off, n);
            return n;
        }

        @Override
        public int read() throws IOException {
            return readOne(this);
        }

        @Override
        public long skip(long n) {
            return 0; // every byte goes through read, so the follower sees it
        }
    }
}
