package io.kchaos.report.html;

import io.kchaos.history.folder.RunFields;
import io.kchaos.report.RunContents;
import io.kchaos.history.folder.LeaderChange;
import io.kchaos.report.scan.HistoryDigest;

/** What every section of the run report reads: the run folder, the history digest and the run's length on the time axis. */
record ReportContext(RunContents folder, HistoryDigest digest, double endSeconds) {
    static final double CHART_WIDTH = 1160;

    static ReportContext of(RunContents folder, HistoryDigest digest) {
        double end = digest.end() / 1e9;
        for (LeaderChange c : folder.leaders().changes()) end = Math.max(end, c.time() / 1e9);
        if (end <= 0) end = folder.run().number(RunFields.DURATION_SECONDS).orElse(1);
        return new ReportContext(folder, digest, end);
    }
}
