package io.kchaos.workload.common;

import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Test helper: a real history writer on a temp file that also keeps every op written, for assertions. */
public final class RecordedHistory implements AutoCloseable {
    public final HistoryWriter writer;
    private final List<Op> ops = new ArrayList<>();

    public RecordedHistory(Path dir) {
        writer = new HistoryWriter(dir.resolve("history.jsonl"));
        writer.addListener(op -> {
            synchronized (ops) {
                ops.add(op);
            }
        });
    }

    public List<Op> ops() {
        synchronized (ops) {
            return List.copyOf(ops);
        }
    }

    public List<Op> ops(String f, OpType type) {
        return ops().stream().filter(o -> o.f().equals(f) && o.type() == type).toList();
    }

    /** Waits up to 5 s for the condition on the ops written so far. */
    public void await(String what, Predicate<List<Op>> condition) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!condition.test(ops())) {
            if (System.nanoTime() > deadline) throw new AssertionError("timed out waiting for " + what + "; ops: " + ops());
            Thread.sleep(5);
        }
    }

    @Override
    public void close() {
        writer.close();
    }
}
