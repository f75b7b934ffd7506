package io.kchaos.report.html;

import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.QuorumSamples;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.checker.result.Verdict;
import io.kchaos.report.Format;
import io.kchaos.report.Results;
import io.kchaos.report.RunContents;
import io.kchaos.report.RunInfo;
import io.kchaos.report.scan.HistoryDigest;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/** The run report: verdict banner and identity line, then the sections, in one self-contained HTML page (no script). */
public final class RunPage {
    private RunPage() {
    }

    public static String render(RunContents folder, HistoryDigest digest) {
        ReportContext ctx = ReportContext.of(folder, digest);
        List<Section> sections = new ArrayList<>(List.of(new RunSection(ctx), new OutcomeSection(ctx),
                new AnomaliesSection(ctx), new FaultsSection(ctx), new LatencySection(ctx), new ProgressSection(ctx), new LeadersSection(ctx)));
        ControllerTimeline controllers = ControllerTimeline.of(folder.run().json());
        if (ControllersSection.applies(controllers)) {
            sections.add(new ControllersSection(controllers, QuorumSamples.voterSetsOf(folder.run().json()),
                    new FailoversTable(folder.results().stats().path(ResultsFields.Stats.CONTROLLER_FAILOVERS))));
        }
        if (ReplicasSection.applies(folder.results())) sections.add(new ReplicasSection(ctx));
        sections.add(new ExcerptsSection(ctx));
        sections.add(new LogsSection(ctx));

        RunInfo run = folder.run();
        Html h = new Html();
        PageStyle.begin(h, "kchaos: " + run.displayName());
        h.el("h1", "kchaos run: " + run.displayName());
        banner(h, folder.results());
        h.el("p", SummaryLine.text(run, folder.results(), digest), "class", "summary");
        h.el("p", identity(run), "class", "muted");
        h.open("nav");
        sections.forEach(s -> h.link("#" + s.id(), s.title()));
        h.close("nav");
        for (Section s : sections) {
            h.open("section", "id", s.id()).el("h2", s.title());
            s.render(h);
            h.close("section");
        }
        PageStyle.end(h);
        return h.toString();
    }

    private static void banner(Html h, Results r) {
        Verdict v = r.verdict();
        h.open("div", "class", "banner " + VerdictStyle.banner(v)).text(VerdictStyle.headline(v));
        String sub = switch (v) {
            case VALID -> "no anomaly found";
            case INVALID -> anomalyList(r) + (r.reason() == null ? "" : " — " + r.reason());
            default -> r.reason();
        };
        h.el("span", sub, "class", "sub").close("div");
    }

    private static String anomalyList(Results r) {
        StringJoiner j = new StringJoiner(", ");
        r.anomalies().values().forEach(a -> j.add(a.type() + " (" + (a.count() < 0 ? "?" : a.count()) + ")"));
        return j.toString();
    }

    private static String identity(RunInfo run) {
        String scenario = run.text(RunFields.SCENARIO);
        return (run.replayOf() == null ? "" : run.replayOf() + " · ") + (Format.UNKNOWN.equals(scenario) ? "" : "scenario " + scenario + " · ")
                + "seed " + run.text(RunFields.SEED) + " · Kafka " + run.kafkaVersions()
                + " · " + run.text(RunFields.NODES) + " nodes · duration " + run.text(RunFields.DURATION_SECONDS) + " s · started "
                + Format.instant(run.text(RunFields.STARTED_AT)) + (run.problem() == null ? "" : " · " + run.problem());
    }
}
