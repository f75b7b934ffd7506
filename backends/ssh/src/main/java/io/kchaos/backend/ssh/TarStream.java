package io.kchaos.backend.ssh;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;

/**
 * A POSIX ustar archive of regular files, read as a stream (each file opened only when the reader reaches it), so
 * that many files reach a host through one exec channel ({@code tar -x}) instead of one channel each.
 */
final class TarStream {
    /** The longest name a ustar header holds without its prefix field. */
    static final int MAX_NAME_BYTES = 100;
    private static final int BLOCK = 512;

    private TarStream() {
    }

    /** Whether every file's name fits a plain ustar header. */
    static boolean fits(List<Path> files) {
        return files.stream().allMatch(f -> f.getFileName().toString().getBytes(StandardCharsets.UTF_8).length < MAX_NAME_BYTES);
    }

    /** The archive of these files, each under its file name, mode 0644; two zero blocks end it. */
    static InputStream of(List<Path> files) {
        List<Path> all = List.copyOf(files);
        Enumeration<InputStream> parts = new Enumeration<>() {
            private int file;
            private int step; // 0 header, 1 content, 2 padding
            private long size; // of the file whose header was given

            @Override
            public boolean hasMoreElements() {
                return file <= all.size();
            }

            @Override
            public InputStream nextElement() {
                if (file == all.size()) {
                    file++;
                    return new ByteArrayInputStream(new byte[2 * BLOCK]);
                }
                Path f = all.get(file);
                try {
                    switch (step) {
                        case 0 -> {
                            step = 1;
                            size = Files.size(f);
                            return new ByteArrayInputStream(header(f.getFileName().toString(), size,
                                    Files.getLastModifiedTime(f).toMillis() / 1000));
                        }
                        case 1 -> {
                            step = 2;
                            return limited(Files.newInputStream(f), size);
                        }
                        default -> {
                            step = 0;
                            file++;
                            return new ByteArrayInputStream(new byte[(int) ((BLOCK - size % BLOCK) % BLOCK)]);
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + f, e);
                }
            }
        };
        return new SequenceInputStream(parts);
    }

    /** At most {@code size} bytes of {@code in}: a file that grew after its header was written cannot shift the archive. */
    static InputStream limited(InputStream in, long size) {
        return new java.io.FilterInputStream(in) {
            private long left = size;

            @Override
            public int read() throws IOException {
                if (left <= 0) return -1;
                int b = super.read();
                if (b >= 0) left--;
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (left <= 0) return -1;
                int n = super.read(b, off, (int) Math.min(len, left));
                if (n > 0) left -= n;
                return n;
            }
        };
    }

    /** One 512-byte ustar header of a regular file. */
    static byte[] header(String name, long size, long mtimeSeconds) {
        byte[] h = new byte[BLOCK];
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        if (n.length >= MAX_NAME_BYTES) throw new IllegalArgumentException("name too long for a ustar header: " + name);
        System.arraycopy(n, 0, h, 0, n.length);
        octal(h, 100, 8, 0644);
        octal(h, 108, 8, 0);
        octal(h, 116, 8, 0);
        octal(h, 124, 12, size);
        octal(h, 136, 12, Math.max(0, mtimeSeconds));
        for (int i = 148; i < 156; i++) h[i] = ' ';
        h[156] = '0';
        byte[] magic = "ustar\u000000".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(magic, 0, h, 257, magic.length);
        long sum = 0;
        for (byte b : h) sum += b & 0xff;
        octal(h, 148, 7, sum);
        return h;
    }

    /** {@code value} in octal, zero-padded to {@code len - 1} digits and a NUL. */
    private static void octal(byte[] h, int at, int len, long value) {
        String s = Long.toOctalString(value);
        if (s.length() > len - 1) throw new IllegalArgumentException("too large for a ustar field: " + value);
        s = "0".repeat(len - 1 - s.length()) + s;
        System.arraycopy(s.getBytes(StandardCharsets.US_ASCII), 0, h, at, len - 1);
        h[at + len - 1] = 0;
    }
}
