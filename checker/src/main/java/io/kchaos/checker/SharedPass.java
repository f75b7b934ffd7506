package io.kchaos.checker;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.History;
import io.kchaos.history.Op;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One read of a history shared by several checkers, each on its own thread: the caller reads the history once and
 * hands every op, in batches and in order, to each checker's {@link #view}; a checker that walks its view a second
 * time reads the history itself. Parsing a history costs far more than judging it, so composed checkers cost about
 * one read instead of one each. A batch holds at most 1,024 ops and about as many records (see {@link #weight}).
 */
final class SharedPass {
    private static final int BATCH = 1024;
    private static final int QUEUED_BATCHES = 8;
    private static final Op[] END = new Op[0];

    private final History source;
    private final List<Subscriber> subscribers = new ArrayList<>();

    SharedPass(History source) {
        this.source = source;
    }

    /** A history for one checker; create every view before {@link #run}. */
    History view() {
        Subscriber s = new Subscriber();
        subscribers.add(s);
        return s;
    }

    /** Reads the source once, on the calling thread, feeding every view still walking it. */
    void run() {
        Op[] batch = new Op[BATCH];
        int[] n = {0};
        long[] weight = {0};
        Op[][] current = {batch};
        try {
            source.forEach(op -> {
                current[0][n[0]++] = op;
                weight[0] += weight(op);
                if (n[0] == BATCH || weight[0] >= BATCH) {
                    publish(n[0] == BATCH ? current[0] : Arrays.copyOf(current[0], n[0]));
                    current[0] = new Op[BATCH];
                    n[0] = 0;
                    weight[0] = 0;
                }
            });
            if (n[0] > 0) publish(Arrays.copyOf(current[0], n[0]));
        } catch (RuntimeException e) {
            for (Subscriber s : subscribers) s.failure = e;
            throw e;
        } finally {
            publish(END);
        }
    }

    /**
     * About how much an op holds, in ops: 1 plus the sizes of its value's containers (a drain of 10,000 records weighs
     * 10,001), so a batch, and the batches queued, hold a bounded number of records however large the ops are.
     */
    private static long weight(Op op) {
        long w = 1;
        for (Iterator<JsonNode> it = op.value().elements(); it.hasNext(); ) {
            w += it.next().size();
        }
        return w;
    }

    private void publish(Op[] ops) {
        for (Subscriber s : subscribers) s.offer(ops);
    }

    /** One checker's side: the batches not yet visited. */
    private final class Subscriber implements History {
        private final BlockingQueue<Op[]> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
        private volatile boolean gone;
        private volatile RuntimeException failure;
        private boolean walked;

        void offer(Op[] ops) {
            try {
                while (!gone && !queue.offer(ops, 50, TimeUnit.MILLISECONDS)) {
                    // the checker is busy; wait unless it stopped walking
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                gone = true;
            }
        }

        @Override
        public void forEach(Consumer<Op> visitor) {
            if (walked) {
                source.forEach(visitor);
                return;
            }
            walked = true;
            try {
                while (true) {
                    Op[] ops = queue.take();
                    if (ops == END) break;
                    for (Op op : ops) visitor.accept(op);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while judging the history");
            } finally {
                gone = true;
                queue.clear();
            }
            if (failure != null) throw failure;
        }

        @Override
        public List<String> warnings() {
            return source.warnings();
        }
    }
}
