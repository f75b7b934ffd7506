package io.kchaos.history;

import java.io.IOException;
import java.io.Reader;

/**
 * Reads a history's lines one at a time, refusing a line longer than {@link #MAX_LINE_CHARS} before holding it: a
 * writer splits long drains into ops of at most 10,000 records (well under 1 MB), so a longer line is damage, and
 * reading it whole could exhaust the heap. Tells whether the last line read ended with a newline.
 */
final class BoundedLines {
    /** 8 Mi characters: several times the longest line kchaos writes. */
    static final int MAX_LINE_CHARS = 8 << 20;

    private final Reader in;
    private final int maxChars;
    private final char[] buf = new char[8192];
    private int pos;
    private int len;
    private boolean endedWithNewline = true;

    BoundedLines(Reader in) {
        this(in, MAX_LINE_CHARS);
    }

    BoundedLines(Reader in, int maxChars) {
        this.in = in;
        this.maxChars = maxChars;
    }

    /** The next line without its terminator ({@code \n} or {@code \r\n}), or null at the end. */
    String next() throws IOException {
        StringBuilder line = null;
        while (true) {
            if (pos == len) {
                len = in.read(buf, 0, buf.length);
                pos = 0;
                if (len <= 0) {
                    len = 0;
                    if (line != null) endedWithNewline = false;
                    return line == null ? null : line.toString();
                }
            }
            if (line == null) line = new StringBuilder();
            int start = pos;
            while (pos < len && buf[pos] != '\n') pos++;
            if (line.length() + (pos - start) > maxChars) {
                throw new LineTooLongException(maxChars);
            }
            line.append(buf, start, pos - start);
            if (pos < len) {
                pos++;
                endedWithNewline = true;
                int n = line.length();
                if (n > 0 && line.charAt(n - 1) == '\r') line.setLength(n - 1);
                return line.toString();
            }
        }
    }

    /** Whether the line last returned was ended by a newline (false only for a last line cut short). */
    boolean endedWithNewline() {
        return endedWithNewline;
    }

    /** A line longer than the limit. */
    static final class LineTooLongException extends IOException {
        private static final long serialVersionUID = 1L;

        LineTooLongException(int maxChars) {
            super("longer than " + maxChars + " characters (kchaos writes at most 10,000 records per op; a longer line is damage)");
        }
    }
}
