package io.kchaos.workload.common;

import io.kchaos.workload.Workload;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.WorkloadStats;

/**
 * What every workload holds: its name, its live counters, the history's process ids, and the context it was started
 * with; a workload starts once.
 */
public abstract class WorkloadBase implements Workload {
    private final String name;
    protected final WorkloadStats stats = new WorkloadStats();
    protected final ProcessIds ids;
    /** The context given to {@link #start}; null before it. */
    protected WorkloadContext context;

    protected WorkloadBase(String name) {
        this(name, new ProcessIds());
    }

    /** A workload whose history processes come from {@code ids} (a range of its own beside another workload). */
    protected WorkloadBase(String name, ProcessIds ids) {
        this.name = name;
        this.ids = ids;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final WorkloadStats stats() {
        return stats;
    }

    /** IllegalStateException when the workload was started before. */
    protected final void requireNotStarted() {
        if (context != null) throw new IllegalStateException(name + " workload already started");
    }

    /** The context it was started with; IllegalStateException before {@link #start}. */
    protected final WorkloadContext started() {
        if (context == null) throw new IllegalStateException(name + " workload not started");
        return context;
    }
}
