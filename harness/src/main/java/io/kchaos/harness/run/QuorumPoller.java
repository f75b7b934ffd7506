package io.kchaos.harness.run;

import io.kchaos.history.HistoryWriter;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.QuorumSamples;
import io.kchaos.history.folder.RunFields;
import io.kchaos.nemesis.cluster.QuorumState;
import io.kchaos.nemesis.cluster.QuorumView;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Asks the metadata quorum who leads it every {@value #POLL_MILLIS} ms during the run. Each answer that shows
 * something new (another leader, epoch or voter set, or a higher high watermark) is written to {@code quorum.jsonl}
 * at once ({@link QuorumSamples}): the Raft audit's evidence of what the quorum committed. Each new leader or epoch
 * also goes into run.json's controller timeline ({@link ControllerTimeline}), and the voter set over time into
 * run.json's {@value RunFields#VOTER_SETS}, when it closes. Times are on the history's clock; a quorum that does not
 * answer (no leader, a timeout during a fault) adds nothing.
 */
public final class QuorumPoller implements AutoCloseable {
    static final long POLL_MILLIS = 500;
    private final QuorumView quorum;
    private final HistoryWriter clock;
    private final RunRecord record;
    private final QuorumSamples.Writer file;
    private final List<ControllerTimeline.Change> changes = new ArrayList<>();
    /** The last sample written, to tell what is new. */
    private QuorumSamples.Sample previous;
    /** The samples that named another voter set than the one before: run.json's voter sets. */
    private final List<QuorumSamples.Sample> voterChanges = new ArrayList<>();
    private final PollingThread thread;

    public QuorumPoller(QuorumView quorum, HistoryWriter clock, RunRecord record, Path samples) {
        this.quorum = quorum;
        this.clock = clock;
        this.record = record;
        this.file = new QuorumSamples.Writer(samples);
        this.thread = new PollingThread("quorum-poller", POLL_MILLIS, this::pollOnce);
    }

    public void start() {
        thread.start();
    }

    /** Reads the quorum once and keeps what it shows that is new. */
    public void pollOnce() {
        Optional<QuorumState> read = quorum.state();
        if (read.isEmpty()) return;
        QuorumState s = read.get();
        long now = clock.now();
        synchronized (changes) {
            ControllerTimeline.Change last = changes.isEmpty() ? null : changes.get(changes.size() - 1);
            if (last == null || last.leader() != s.leader() || last.epoch() != s.epoch()) {
                changes.add(new ControllerTimeline.Change(now, s.leader(), s.epoch()));
            }
            boolean otherVoters = previous == null || !previous.voters().equals(s.voters());
            if (otherVoters || previous.leader() != s.leader() || previous.epoch() != s.epoch() || s.highWatermark() > previous.highWatermark()) {
                previous = new QuorumSamples.Sample(now, s.leader(), s.epoch(), s.highWatermark(), s.voters(), s.voterEnds(), s.observerEnds());
                file.write(previous);
                if (otherVoters) voterChanges.add(previous);
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
        file.close();
        record.section(ControllerTimeline.FIELD, timeline().toJson());
        synchronized (changes) {
            record.section(RunFields.VOTER_SETS, QuorumSamples.voterSets(voterChanges));
        }
    }
}
