package io.kchaos.report.scan;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a stream into lines without decoding it: after {@link #next()} the current line is {@code buffer()[offset()
 * .. offset()+length())}, without its "\n" (or "\r\n"). Lines longer than the buffer make it grow.
 */
final class ByteLines {
    private final InputStream in;
    private byte[] buf = new byte[1 << 20];
    private int start;
    private int end;
    private boolean eof;
    private int lineOffset;
    private int lineLength;
    private boolean terminated;

    ByteLines(InputStream in) {
        this.in = in;
    }

    /** Moves to the next line; false at the end of the stream. */
    boolean next() throws IOException {
        int from = start;
        while (true) {
            for (int i = from; i < end; i++) {
                if (buf[i] == '\n') {
                    setLine(start, i, true);
                    start = i + 1;
                    return true;
                }
            }
            if (eof) {
                if (start >= end) return false;
                setLine(start, end, false);
                start = end;
                return true;
            }
            from = end - start;
            fill();
        }
    }

    private void setLine(int from, int to, boolean newline) {
        int len = to - from;
        if (len > 0 && buf[to - 1] == '\r') len--;
        lineOffset = from;
        lineLength = len;
        terminated = newline;
    }

    /** Keeps the unread part at the start of the buffer (growing it when full) and reads more after it. */
    private void fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buf, start, buf, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buf.length) buf = Arrays.copyOf(buf, buf.length * 2);
        int n = in.read(buf, end, buf.length - end);
        if (n < 0) eof = true;
        else end += n;
    }

    byte[] buffer() {
        return buf;
    }

    int offset() {
        return lineOffset;
    }

    int length() {
        return lineLength;
    }

    /** False only for a last line without a final newline. */
    boolean terminated() {
        return terminated;
    }

}
