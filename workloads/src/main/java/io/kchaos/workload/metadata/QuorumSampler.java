package io.kchaos.workload.metadata;

import io.kchaos.history.HistoryWriter;
import io.kchaos.workload.common.ProcessIds;
import org.apache.kafka.clients.admin.Admin;

/**
 * Records a {@code metadata-quorum} sample about once a second while the workload runs, so that a replica's metadata
 * log end offset falling back below what the quorum had committed shows in the history; a new process after each
 * sample that completed info.
 */
final class QuorumSampler implements Runnable {
    static final long INTERVAL_MS = 1_000;

    private final Admin admin;
    private final HistoryWriter history;
    private final ProcessIds ids;
    private volatile boolean stopping;

    QuorumSampler(Admin admin, HistoryWriter history, ProcessIds ids) {
        this.admin = admin;
        this.history = history;
        this.ids = ids;
    }

    void stop() {
        stopping = true;
    }

    @Override
    public void run() {
        int process = ids.next();
        try {
            while (!stopping) {
                if (QuorumSample.record(admin, history, process) == null) process = ids.next();
                Thread.sleep(INTERVAL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
