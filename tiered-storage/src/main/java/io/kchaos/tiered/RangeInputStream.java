package io.kchaos.tiered;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** An input stream that ends after at most a given number of bytes of the stream it wraps. */
final class RangeInputStream extends FilterInputStream {
    private long remaining;

    RangeInputStream(InputStream in, long limit) {
        super(in);
        this.remaining = limit;
    }

    @Override
    public int read() throws IOException {
        if (remaining <= 0) return -1;
        int b = super.read();
        if (b >= 0) remaining--;
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        if (remaining <= 0) return len == 0 ? 0 : -1;
        int n = super.read(buf, off, (int) Math.min(len, remaining));
        if (n > 0) remaining -= n;
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(Math.min(n, remaining));
        remaining -= skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(super.available(), remaining);
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
