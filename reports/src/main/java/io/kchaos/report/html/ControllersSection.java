package io.kchaos.report.html;

import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.QuorumSamples;
import io.kchaos.report.Format;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The metadata quorum over the run (run.json's controller timeline and voter sets): each active controller and its
 * epoch, the controller faults' failover times (results.json's, {@link FailoversTable}), and each voter set when the
 * voters changed.
 */
final class ControllersSection implements Section {
    private final ControllerTimeline timeline;
    private final List<QuorumSamples.VoterSet> voterSets;
    private final FailoversTable failovers;

    ControllersSection(ControllerTimeline timeline, List<QuorumSamples.VoterSet> voterSets, FailoversTable failovers) {
        this.timeline = timeline;
        this.voterSets = List.copyOf(voterSets);
        this.failovers = failovers;
    }

    /** True when the run recorded a controller timeline (runs before it did not). */
    static boolean applies(ControllerTimeline timeline) {
        return !timeline.changes().isEmpty();
    }

    @Override
    public String id() {
        return "controllers";
    }

    @Override
    public String title() {
        return "Controller timeline";
    }

    @Override
    public void render(Html h) {
        h.el("p", timeline.failovers() + " controller failover(s) seen, " + timeline.leaderChanges()
                + " of them to another node: the metadata quorum's leader and epoch, as describeMetadataQuorum named them (polled every 0.5 s).");
        h.open("table", "class", "grid").row("th", "time (s)", "active controller", "leader epoch", "");
        ControllerTimeline.Change previous = null;
        for (ControllerTimeline.Change c : timeline.changes()) {
            String what = previous == null ? "at the start" : c.leader() != previous.leader() ? "failover" : "new epoch, same leader";
            h.row("td", Format.seconds(c.timeNanos()), "node " + c.leader(), c.epoch(), what);
            previous = c;
        }
        h.close("table");
        failovers.render(h);
        if (voterSets.size() < 2) return;
        h.el("p", (voterSets.size() - 1) + " change(s) of the voter set (KIP-853), as the same polls saw them.");
        h.open("table", "class", "grid").row("th", "time (s)", "voters");
        for (QuorumSamples.VoterSet v : voterSets) {
            h.row("td", Format.seconds(v.timeNanos()), v.voters().stream().map(String::valueOf).collect(Collectors.joining(", ")));
        }
        h.close("table");
    }
}
