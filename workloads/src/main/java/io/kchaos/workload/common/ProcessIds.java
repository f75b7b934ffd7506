package io.kchaos.workload.common;

import java.util.concurrent.atomic.AtomicInteger;

/** Hands out logical process ids; one instance is shared by all clients of a run so that no two ever share an id. */
public final class ProcessIds {
    private final AtomicInteger next = new AtomicInteger();

    /** A process id never handed out before. */
    public int next() {
        return next.getAndIncrement();
    }
}
