package io.kchaos.report.html;

import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.report.Format;

/** The metadata quorum's leadership over the run (run.json's controller timeline): each active controller and its epoch. */
final class ControllersSection implements Section {
    private final ControllerTimeline timeline;

    ControllersSection(ControllerTimeline timeline) {
        this.timeline = timeline;
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
    }
}
