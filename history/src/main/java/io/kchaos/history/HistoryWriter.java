package io.kchaos.history;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Appends ops to history.jsonl as they happen: assigns each its index and its time since the run started, and
 * flushes at least every 500 ms so a crash loses at most the last half second. Thread-safe; listeners (status line,
 * live stats) see every op after it is written.
 */
public final class HistoryWriter implements AutoCloseable {
    private final BufferedWriter out;
    private final JsonGenerator gen;
    private final long startNanos;
    private final ScheduledExecutorService flusher;
    private final List<Consumer<Op>> listeners = new ArrayList<>();
    private long nextIndex;
    private boolean closed;

    public HistoryWriter(Path file) {
        this(file, System.nanoTime());
    }

    public HistoryWriter(Path file, long startNanos) {
        try {
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            this.gen = Json.MAPPER.getFactory().createGenerator(out);
            this.gen.setRootValueSeparator(null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create history " + file, e);
        }
        this.startNanos = startNanos;
        this.flusher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "history-flusher");
            t.setDaemon(true);
            return t;
        });
        flusher.scheduleWithFixedDelay(this::flush, 500, 500, TimeUnit.MILLISECONDS);
    }

    /** Adds a listener that is called (under the writer's lock) with every op written. */
    public synchronized void addListener(Consumer<Op> listener) {
        listeners.add(listener);
    }

    /** Nanoseconds since the run started, on the clock ops are stamped with. */
    public long now() {
        return System.nanoTime() - startNanos;
    }

    public Op invoke(int process, String f, JsonNode value) {
        return append(process, OpType.INVOKE, f, value, null);
    }

    public Op complete(int process, OpType type, String f, JsonNode value, String error) {
        return append(process, type, f, value, error);
    }

    /** Writes one op; the index and time are assigned here so the file is in the order observed. */
    public synchronized Op append(int process, OpType type, String f, JsonNode value, String error) {
        if (closed) throw new IllegalStateException("history is closed");
        Op op = new Op(nextIndex++, now(), process, type, f, value == null ? NullNode.getInstance() : value, error);
        try {
            OpCodec.write(op, gen);
            gen.flush();
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write history", e);
        }
        for (Consumer<Op> l : listeners) l.accept(op);
        return op;
    }

    /** How many ops were written so far. */
    public synchronized long size() {
        return nextIndex;
    }

    public synchronized void flush() {
        if (closed) return;
        try {
            gen.flush();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot flush history", e);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        flush();
        closed = true;
        flusher.shutdownNow();
        try {
            gen.close();
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close history", e);
        }
    }
}
