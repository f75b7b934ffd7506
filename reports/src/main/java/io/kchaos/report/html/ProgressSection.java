package io.kchaos.report.html;

import io.kchaos.report.scan.HistoryDigest;
import io.kchaos.report.scan.ReadProgress;
import io.kchaos.report.svg.Palette;
import io.kchaos.report.svg.StepChart;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Acknowledged sends per second of each partition, Jepsen's "unseen" plot (acknowledged sends not yet read) and the
 * consumer lag in seconds, all with the fault windows shaded: whether a fault stopped one partition or all of them, and
 * how far the readers fell behind.
 */
final class ProgressSection implements Section {
    private final ReportContext ctx;

    ProgressSection(ReportContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public String id() {
        return "progress";
    }

    @Override
    public String title() {
        return "Partitions, unseen writes and consumer lag";
    }

    @Override
    public void render(Html h) {
        HistoryDigest d = ctx.digest();
        ReadProgress p = d.progress();
        List<StepChart.Series> partitions = new ArrayList<>();
        for (Map.Entry<Integer, double[]> e : p.acksPerPartition().entrySet()) {
            partitions.add(new StepChart.Series("p" + e.getKey(), Palette.series(e.getKey()), e.getValue()));
        }
        figure(h, new StepChart.Spec("tput-partition", "Acknowledged sends per partition", "acks per second",
                StepChart.Bucket.MEAN), partitions, "Acknowledged sends per second of each partition: a partition without "
                + "a leader drops to zero while the others keep their rate, unless the fault stalls them too.");
        figure(h, new StepChart.Spec("unseen", "Unseen writes", "acknowledged, not yet read", StepChart.Bucket.MAX),
                List.of(new StepChart.Series("unseen", Palette.INFO, p.unseen())),
                "Jepsen's unseen count: acknowledged sends whose offset no consumer had read up to, at the end of each "
                        + "second. It should return to zero after each fault and after the final drain.");
        figure(h, new StepChart.Spec("lag", "Consumer lag", "seconds", StepChart.Bucket.MAX),
                List.of(new StepChart.Series("lag", Palette.OK, p.lagSeconds())),
                "Consumer lag in seconds: the age of the oldest acknowledged send not yet read, at the end of each second.");
    }

    private void figure(Html h, StepChart.Spec spec, List<StepChart.Series> series, String caption) {
        HistoryDigest d = ctx.digest();
        h.open("figure").raw(StepChart.render(spec, ReportContext.CHART_WIDTH, series, ctx.endSeconds(), d.windows(),
                d.events()));
        h.el("figcaption", caption);
        h.close("figure");
    }
}
