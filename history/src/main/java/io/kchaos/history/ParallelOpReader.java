package io.kchaos.history;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads a history file (plain or compressed: {@link HistoryInput}) in blocks of whole lines and parses each block into ops on a worker thread, so parsing runs on
 * every core while the caller judges the ops of earlier blocks; blocks come back in file order. Each line is checked
 * on its own here (UTF-8, length, one op per line); what holds between lines is the caller's to check, in order. Only
 * a few blocks are in memory at once.
 */
final class ParallelOpReader implements AutoCloseable {
    static final int BLOCK_BYTES = 1 << 18;
    private static final int THREADS = Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors()));
    private static final int AHEAD = 2 * THREADS;

    private final InputStream in;
    private final int maxLineChars;
    private final ExecutorService workers;
    private final ArrayDeque<Future<Block>> ahead = new ArrayDeque<>();
    private byte[] carry = new byte[0];
    private int carryLength;
    private boolean eof;

    /** Why one line could not be read: its line number within the block, the reason, and whether it is torn. */
    record LineFailure(long line, String reason, boolean torn) {
    }

    /** One block's ops with their line numbers (within the block), the lines it spans, and its first bad line if any. */
    record Block(Op[] ops, long[] lineNumbers, int count, long lines, LineFailure failure) {
    }

    ParallelOpReader(Path path, int maxLineChars) throws IOException {
        this(HistoryInput.open(path), maxLineChars);
    }

    /** Reads the stream, which it then owns and closes. */
    ParallelOpReader(InputStream in, int maxLineChars) {
        this.in = in;
        this.maxLineChars = maxLineChars;
        this.workers = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "history-parser");
            t.setDaemon(true);
            return t;
        });
    }

    /** The next block in file order, or null at the end of the file. */
    Block next() throws IOException {
        while (ahead.size() < AHEAD && !eof) submit();
        Future<Block> f = ahead.poll();
        if (f == null) return null;
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new java.io.InterruptedIOException("interrupted while reading the history"));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Reads the next run of whole lines (or the rest of the file) and hands it to a worker. */
    private void submit() throws IOException {
        byte[] buf = Arrays.copyOf(carry, Math.max(BLOCK_BYTES, carryLength + BLOCK_BYTES));
        int len = carryLength;
        int lastNewline = -1;
        while (true) {
            int n = in.read(buf, len, buf.length - len);
            if (n < 0) {
                eof = true;
                break;
            }
            int from = len;
            len += n;
            for (int i = len - 1; i >= from; i--) {
                if (buf[i] == '\n') {
                    lastNewline = i;
                    break;
                }
            }
            if (lastNewline >= 0) break;
            if (len == buf.length) {
                if (utf16Length(buf, len) > maxLineChars) {
                    ahead.add(done(tooLong()));
                    eof = true;
                    carryLength = 0;
                    return;
                }
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
        }
        int blockLength = eof ? len : lastNewline + 1;
        carryLength = len - blockLength;
        carry = carryLength == 0 ? new byte[0] : Arrays.copyOfRange(buf, blockLength, len);
        if (blockLength == 0) return;
        byte[] block = buf;
        boolean last = eof;
        ahead.add(workers.submit(() -> parse(block, blockLength, last)));
    }

    /**
     * The length in UTF-16 chars (String.length) of the first {@code len} bytes taken as UTF-8: one char per byte that
     * is not a continuation byte, two for a four-byte sequence. Lets a line be refused as too long before it is held.
     */
    private static long utf16Length(byte[] b, int len) {
        long chars = 0;
        for (int i = 0; i < len; i++) {
            int c = b[i] & 0xFF;
            if ((c & 0xC0) != 0x80) chars++;
            if ((c & 0xF8) == 0xF0) chars++;
        }
        return chars;
    }

    private Block tooLong() {
        return new Block(new Op[0], new long[0], 0, 1, new LineFailure(1, tooLongReason(), false));
    }

    private String tooLongReason() {
        return LineGrammar.tooLong(maxLineChars).getMessage();
    }

    private static Future<Block> done(Block b) {
        return java.util.concurrent.CompletableFuture.completedFuture(b);
    }

    /** Parses the lines of one block; stops at the first line that cannot be read. */
    private Block parse(byte[] b, int len, boolean lastBlock) {
        Parsed parsed = new Parsed(Math.max(16, len / 100));
        long line = 0;
        int pos = 0;
        while (pos < len) {
            line++;
            int nl = pos;
            while (nl < len && b[nl] != '\n') nl++;
            boolean terminated = nl < len;
            int end = terminated && nl > pos && b[nl - 1] == '\r' ? nl - 1 : nl;
            int next = terminated ? nl + 1 : nl;
            if (end - pos <= maxLineChars) { // most lines: plain ASCII JSON, its bytes its characters
                Op plain = OpCodec.parsePlain(b, pos, end - pos); // null: left to the strict reading below
                if (plain != null) {
                    parsed.add(plain, line);
                    pos = next;
                    continue;
                }
            }
            int start = pos;
            pos = next;
            Op op;
            try {
                op = LineGrammar.read(b, start, end, maxLineChars);
            } catch (IllegalArgumentException e) {
                boolean torn = lastBlock && !terminated && LineGrammar.isTorn(b, start, end, maxLineChars);
                return parsed.block(line, new LineFailure(line, e.getMessage(), torn));
            }
            if (op == null) continue; // a blank line
            parsed.add(op, line);
        }
        return parsed.block(line, null);
    }

    /** The ops of a block parsed so far, with their line numbers. */
    private static final class Parsed {
        private Op[] ops;
        private long[] lineNumbers;
        private int count;

        Parsed(int capacity) {
            ops = new Op[capacity];
            lineNumbers = new long[capacity];
        }

        void add(Op op, long line) {
            if (count == ops.length) {
                ops = Arrays.copyOf(ops, count * 2);
                lineNumbers = Arrays.copyOf(lineNumbers, count * 2);
            }
            ops[count] = op;
            lineNumbers[count++] = line;
        }

        Block block(long lines, LineFailure failure) {
            return new Block(ops, lineNumbers, count, lines, failure);
        }
    }

    @Override
    public void close() throws IOException {
        for (Future<Block> f : ahead) f.cancel(true);
        workers.shutdownNow();
        in.close();
    }
}
