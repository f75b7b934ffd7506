package io.kchaos.harness.run;

import io.kchaos.history.History;
import io.kchaos.history.Op;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunJson;

import java.nio.file.Path;

/**
 * Tells which workload wrote a history, so {@code check} judges it with the right checkers: the {@code workload} of
 * the run.json next to it, else the first op whose f only one workload uses ({@link WorkloadKind}) within the first
 * {@value #SCAN_LIMIT} ops, else the queue workload.
 */
public final class HistoryWorkload {
    static final int SCAN_LIMIT = 100_000;

    private HistoryWorkload() {
    }

    /** The workload named by run.json beside the history file, or found in its ops. */
    public static WorkloadMix of(Path historyFile, History history) {
        RunFiles folder = RunFiles.besideHistory(historyFile);
        if (folder.dir() != null) {
            java.util.Optional<WorkloadMix> w = RunJson.read(folder.dir()).workload().flatMap(WorkloadMix::named);
            if (w.isPresent()) return w.get();
        }
        return new WorkloadMix(fromOps(history), false);
    }

    /** The workload whose ops the history holds, from its first {@value #SCAN_LIMIT} ops. */
    public static WorkloadKind fromOps(History history) {
        try {
            history.forEach(new Scan());
        } catch (Found f) {
            return f.workload;
        }
        return WorkloadKind.QUEUE;
    }

    private static final class Scan implements java.util.function.Consumer<Op> {
        private int seen;

        @Override
        public void accept(Op op) {
            if (++seen > SCAN_LIMIT) throw new Found(WorkloadKind.QUEUE);
            if (op.isNemesis()) return;
            var owner = WorkloadKind.owningOp(op.f());
            if (owner.isPresent()) throw new Found(owner.get());
        }
    }

    /** Ends the scan early (History has no other way to stop a walk). */
    private static final class Found extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient WorkloadKind workload;

        Found(WorkloadKind workload) {
            super(null, null, false, false);
            this.workload = workload;
        }
    }
}
