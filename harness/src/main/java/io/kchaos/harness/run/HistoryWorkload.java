package io.kchaos.harness.run;

import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.Op;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunJson;

import java.nio.file.Path;
import java.util.Set;

/**
 * Tells which workload wrote a history, so {@code check} judges it with the right checkers: the {@code workload} of
 * the run.json next to it, else the first op whose f only one workload uses ({@code txn}; {@code subscribe},
 * {@code commit}, {@code catch-up}, ...; a {@code share-*} op: the share workload) within the first {@value #SCAN_LIMIT} ops, else the queue workload.
 */
public final class HistoryWorkload {
    static final int SCAN_LIMIT = 100_000;
    private static final Set<String> GROUP_FS = Set.of(ClientOps.SUBSCRIBE, ClientOps.COMMIT, ClientOps.COMMITTED,
            ClientOps.CATCH_UP, ClientOps.CRASH, ClientOps.CLOSE, ClientOps.RESET);

    private HistoryWorkload() {
    }

    /** The workload named by run.json beside the history file, or found in its ops. */
    public static String of(Path historyFile, History history) {
        RunFiles folder = RunFiles.besideHistory(historyFile);
        if (folder.dir() != null) {
            java.util.Optional<String> w = RunJson.read(folder.dir()).workload();
            if (w.isPresent() && Judges.WORKLOADS.contains(w.get())) return w.get();
        }
        return fromOps(history);
    }

    /** The workload whose ops the history holds, from its first {@value #SCAN_LIMIT} ops. */
    public static String fromOps(History history) {
        try {
            history.forEach(new Scan());
        } catch (Found f) {
            return f.workload;
        }
        return "queue";
    }

    private static final class Scan implements java.util.function.Consumer<Op> {
        private int seen;

        @Override
        public void accept(Op op) {
            if (++seen > SCAN_LIMIT) throw new Found("queue");
            if (op.isNemesis()) return;
            if (ClientOps.TXN.equals(op.f())) throw new Found("txn");
            if (GROUP_FS.contains(op.f())) throw new Found("group");
            if (ClientOps.SHARE.contains(op.f())) throw new Found("share");
        }
    }

    /** Ends the scan early (History has no other way to stop a walk). */
    private static final class Found extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String workload;

        Found(String workload) {
            super(null, null, false, false);
            this.workload = workload;
        }
    }
}
