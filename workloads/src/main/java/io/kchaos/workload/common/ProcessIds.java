package io.kchaos.workload.common;

import java.util.concurrent.atomic.AtomicInteger;

/** Hands out logical process ids; one instance is shared by all clients of a run so that no two ever share an id. */
public final class ProcessIds {
    private final AtomicInteger next;

    /** Ids from 0. */
    public ProcessIds() {
        this(0);
    }

    /** Ids from {@code first}: a workload run beside another takes a range of its own. */
    public ProcessIds(int first) {
        next = new AtomicInteger(first);
    }

    /** A process id never handed out before. */
    public int next() {
        return next.getAndIncrement();
    }
}
