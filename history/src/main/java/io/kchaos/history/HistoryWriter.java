package io.kchaos.history;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Appends ops to the history file as they happen, in either {@link HistoryFormat}: assigns each its index and its time
 * since the run started (in the caller's thread, so the file is in the order observed), and hands it to a writer thread
 * that encodes and writes every {@value #WRITE_INTERVAL_MILLIS} ms (a zstd history: one frame per write), so a crash
 * loses at most the last fraction of a second and the callers
 * (producer callbacks, consumers) never wait for JSON encoding or disk. Thread-safe; listeners (status line, live
 * stats) see every op as it is appended. At most {@value #MAX_PENDING} ops wait for the writer, an op that carries
 * arrays (a drain's records) counting once per element; beyond that appending blocks until the writer catches up.
 */
public final class HistoryWriter implements AutoCloseable {
    static final long WRITE_INTERVAL_MILLIS = 100;
    static final int MAX_PENDING = 200_000;

    /** The precision of every op's time: one microsecond, in the history's nanoseconds. */
    public static final long TIME_PRECISION_NANOS = 1_000;

    private final OutputStream out;
    private final JsonGenerator gen;
    private final long startNanos;
    private final Thread writer;
    private final Object io = new Object();
    private final List<Consumer<Op>> listeners = new ArrayList<>();
    private List<Op> pending = new ArrayList<>();
    private long pendingWeight;
    private long nextIndex;
    private boolean closed;
    private volatile IOException failure;

    public HistoryWriter(Path file) {
        this(file, System.nanoTime());
    }

    public HistoryWriter(Path file, long startNanos) {
        this(file, startNanos, HistoryFormat.JSONL);
    }

    /** A history in {@code format} whose run starts now. */
    public HistoryWriter(Path file, HistoryFormat format) {
        this(file, System.nanoTime(), format);
    }

    public HistoryWriter(Path file, long startNanos, HistoryFormat format) {
        try {
            this.out = new BufferedOutputStream(format.create(file), 1 << 16);
            this.gen = Json.MAPPER.getFactory().createGenerator(out, JsonEncoding.UTF8);
            this.gen.setRootValueSeparator(null);
            // the mapper flushes after each op's value: only flush() below reaches the file (a zstd frame per flush)
            this.gen.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create history " + file, e);
        }
        this.startNanos = startNanos;
        this.writer = new Thread(this::writeLoop, "history-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /** Adds a listener that is called (under the writer's lock) with every op appended. */
    public synchronized void addListener(Consumer<Op> listener) {
        listeners.add(listener);
    }

    /**
     * Nanoseconds since the run started, on the clock ops are stamped with, rounded down to a whole microsecond
     * ({@link #TIME_PRECISION_NANOS}): the digits below are the clock's noise, and in a compressed history they cost
     * more than any other field. Rounding down keeps the order of any two times (it may make them equal, never swap them).
     */
    public long now() {
        return Math.floorDiv(System.nanoTime() - startNanos, TIME_PRECISION_NANOS) * TIME_PRECISION_NANOS;
    }

    public Op invoke(int process, String f, JsonNode value) {
        return append(process, OpType.INVOKE, f, value, null);
    }

    public Op complete(int process, OpType type, String f, JsonNode value, String error) {
        return append(process, type, f, value, error);
    }

    /** Appends one op; the index and time are assigned here so the file is in the order observed. */
    public synchronized Op append(int process, OpType type, String f, JsonNode value, String error) {
        while (true) {
            if (failure != null) throw new UncheckedIOException("cannot write history", failure); // waits no more
            if (pendingWeight < MAX_PENDING || closed) break;
            try {
                wait(WRITE_INTERVAL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (closed) throw new IllegalStateException("history is closed");
        Op op = new Op(nextIndex++, now(), process, type, f, value == null ? NullNode.getInstance() : value, error);
        pending.add(op);
        pendingWeight += weight(op.value());
        for (Consumer<Op> l : listeners) l.accept(op);
        return op;
    }

    /** How much an op's value weighs while it waits: 1, plus the elements of each array or object directly in it. */
    static long weight(JsonNode value) {
        long w = 1;
        for (JsonNode child : value) {
            if (child.isContainerNode()) w += child.size();
        }
        return w;
    }

    /** How many ops were appended so far. */
    public synchronized long size() {
        return nextIndex;
    }

    /** Writes every op appended so far to the file and flushes it to the operating system. */
    public void flush() {
        synchronized (io) {
            List<Op> batch = takePending();
            if (batch == null) return;
            try {
                for (Op op : batch) {
                    OpCodec.write(op, gen);
                    gen.writeRaw('\n');
                }
                gen.flush();
                out.flush();
            } catch (IOException e) {
                failure = e;
                throw new UncheckedIOException("cannot write history", e);
            }
        }
    }

    private synchronized List<Op> takePending() {
        if (closed && pending == null) return null;
        List<Op> batch = pending;
        pending = new ArrayList<>(Math.max(16, batch.size()));
        pendingWeight = 0;
        notifyAll();
        return batch;
    }

    private void writeLoop() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Thread.sleep(WRITE_INTERVAL_MILLIS);
                flush();
            } catch (InterruptedException e) {
                return;
            } catch (UncheckedIOException e) {
                return; // kept in failure; the next append reports it
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
            notifyAll();
        }
        writer.interrupt();
        synchronized (io) {
            flush();
            synchronized (this) {
                pending = null;
            }
            try {
                gen.close();
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close history", e);
            }
        }
    }
}
