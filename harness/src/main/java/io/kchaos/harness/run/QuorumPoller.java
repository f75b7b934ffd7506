package io.kchaos.harness.run;

import io.kchaos.history.HistoryWriter;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.nemesis.cluster.QuorumState;
import io.kchaos.nemesis.cluster.QuorumView;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Asks the metadata quorum who leads it every {@value #POLL_MILLIS} ms during the run and keeps each new leader or
 * epoch ({@link ControllerTimeline}, run.json's controller timeline), times on the history's clock. A quorum that
 * does not answer (no leader, a timeout during a fault) adds nothing. Closing it records the timeline in run.json.
 */
public final class QuorumPoller implements AutoCloseable {
    static final long POLL_MILLIS = 500;
    private final QuorumView quorum;
    private final HistoryWriter clock;
    private final RunRecord record;
    private final List<ControllerTimeline.Change> changes = new ArrayList<>();
    private final PollingThread thread;

    public QuorumPoller(QuorumView quorum, HistoryWriter clock, RunRecord record) {
        this.quorum = quorum;
        this.clock = clock;
        this.record = record;
        this.thread = new PollingThread("quorum-poller", POLL_MILLIS, this::pollOnce);
    }

    public void start() {
        thread.start();
    }

    /** Reads the quorum once and keeps its leader and epoch when they changed. */
    public void pollOnce() {
        Optional<QuorumState> s = quorum.state();
        if (s.isEmpty()) return;
        synchronized (changes) {
            ControllerTimeline.Change last = changes.isEmpty() ? null : changes.get(changes.size() - 1);
            if (last == null || last.leader() != s.get().leader() || last.epoch() != s.get().epoch()) {
                changes.add(new ControllerTimeline.Change(clock.now(), s.get().leader(), s.get().epoch()));
            }
        }
    }

    /** The timeline so far. */
    public ControllerTimeline timeline() {
        synchronized (changes) {
            return new ControllerTimeline(changes);
        }
    }

    @Override
    public void close() {
        thread.close();
        pollOnce();
        record.section(ControllerTimeline.FIELD, timeline().toJson());
    }
}
