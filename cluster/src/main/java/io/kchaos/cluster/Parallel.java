package io.kchaos.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/** Runs one action per item at once (a thread each) and waits for all: remote round trips and node stops add up otherwise. */
public final class Parallel {
    private Parallel() {
    }

    /** Runs the action for every item; returns the failures in item order (empty when all succeeded). */
    public static <T> List<RuntimeException> each(List<T> items, Consumer<T> action) {
        RuntimeException[] failures = new RuntimeException[items.size()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            int index = i;
            Thread t = new Thread(() -> {
                try {
                    action.accept(items.get(index));
                } catch (RuntimeException e) {
                    failures[index] = e;
                }
            }, "kchaos-parallel-" + i);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return java.util.Arrays.stream(failures).filter(Objects::nonNull).toList();
    }

    /** Runs the action for every item; rethrows the first failure once all finished. */
    public static <T> void all(List<T> items, Consumer<T> action) {
        List<RuntimeException> failures = each(items, action);
        if (!failures.isEmpty()) throw failures.get(0);
    }
}
