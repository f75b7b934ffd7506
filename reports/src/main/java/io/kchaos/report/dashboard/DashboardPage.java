package io.kchaos.report.dashboard;

import io.kchaos.checker.result.Verdict;
import io.kchaos.report.Format;
import io.kchaos.report.html.Html;
import io.kchaos.report.html.PageStyle;
import io.kchaos.report.html.VerdictStyle;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * The dashboard: one self-contained page (inline CSS and SVG, no script) over a store: a banner and the list of
 * regressions, trend plots per scenario, every run and every matrix.
 */
public final class DashboardPage {
    /** The generator meta tag's content, by which a file is known to be a dashboard kchaos wrote. */
    public static final String GENERATOR = "kchaos dashboard";

    private DashboardPage() {
    }

    /** The page for a store, with links relative to {@code pageDir} (the folder the page is written to). */
    public static String render(Store store, Trends trends, RegressionRules rules, Path pageDir) {
        Html h = new Html();
        PageStyle.begin(h, "kchaos dashboard: " + store.dir().getFileName(), GENERATOR);
        h.el("h1", "kchaos dashboard");
        long damaged = store.runs().stream().filter(r -> r.problem() != null).count();
        h.el("p", "store " + store.dir().toAbsolutePath().normalize() + " · " + store.runs().size() + " runs (" + damaged + " damaged) in "
                + trends.series().size() + " scenarios · " + store.matrices().size() + " matrices · written "
                + FolderTime.show(Instant.now()), "class", "muted");
        banner(h, store, trends);
        h.open("nav");
        for (String[] s : new String[][] {{"regressions", "Regressions"}, {"trends", "Trends"}, {"runs", "Runs"}, {"matrices", "Matrices"}}) {
            h.link("#" + s[0], s[1]);
        }
        h.close("nav");
        h.open("section", "id", "regressions").el("h2", "Regressions");
        regressions(h, store.runs(), trends);
        h.el("p", rule(rules), "class", "muted").close("section");
        h.open("section", "id", "trends").el("h2", "Trends per scenario");
        trends(h, trends);
        h.close("section");
        h.open("section", "id", "runs").el("h2", "Runs (newest first)");
        RunTable.render(h, store.runs(), trends, pageDir);
        h.close("section");
        h.open("section", "id", "matrices").el("h2", "Matrices (newest first)");
        MatrixTable.render(h, store.matrices(), pageDir);
        h.el("p", "A matrix is judged by its --expect claims first: green when every one is met, even when its cells found the "
                + "anomalies they were expected to find. Its runs vary settings on purpose, so they are not part of the trends.",
                "class", "muted").close("section");
        PageStyle.end(h);
        return h.toString();
    }

    private static void banner(Html h, Store store, Trends trends) {
        int n = trends.flagged();
        h.open("div", "class", "banner " + VerdictStyle.banner(n > 0 ? Verdict.INVALID : Verdict.VALID));
        h.text(n > 0 ? n + (n == 1 ? " regression" : " regressions") + " flagged" : "no regression flagged");
        StoreRun latest = store.runs().isEmpty() ? null : store.runs().get(store.runs().size() - 1);
        h.el("span", latest == null ? "the store holds no run" : "latest run " + latest.name() + " (" + FolderTime.show(latest.started())
                + "): " + (latest.problem() == null ? VerdictStyle.word(latest.verdict()) : "damaged"), "class", "sub");
        h.close("div");
    }

    private static void regressions(Html h, List<StoreRun> oldestFirst, Trends trends) {
        if (trends.flagged() == 0) {
            h.el("p", "No run is flagged.");
            return;
        }
        h.open("ul");
        for (int i = oldestFirst.size() - 1; i >= 0; i--) {
            StoreRun r = oldestFirst.get(i);
            List<String> flags = trends.flags(r);
            if (flags.isEmpty()) continue;
            h.open("li").el("span", "REGRESSION", "class", "flag").text(" ");
            h.link("#" + RunTable.anchor(r), r.key().label() + ", run " + r.name() + " (" + FolderTime.show(r.started()) + ")");
            flags.forEach(f -> h.el("span", f, "class", "why"));
            h.close("li");
        }
        h.close("ul");
    }

    private static void trends(Html h, Trends trends) {
        if (trends.series().isEmpty()) {
            h.el("p", "No readable run in the store.");
            return;
        }
        int k = 0;
        for (Trends.Series s : trends.series()) {
            h.el("h3", s.key().label() + " — " + s.runs().size() + (s.runs().size() == 1 ? " run" : " runs"));
            h.open("div", "class", "cols");
            h.raw(TrendChart.render(new TrendChart.Spec("acks-" + k, "Acks per second", "acks/s",
                    r -> r.figures().acksPerSecond()), s.runs(), trends));
            h.raw(TrendChart.render(new TrendChart.Spec("gap-" + k, "Longest unavailability", "seconds",
                    r -> r.figures().longestNoAckSeconds()), s.runs(), trends));
            h.close("div");
            k++;
        }
    }

    /** The regression rule and the meaning of "same scenario", as the page states them. */
    static String rule(RegressionRules rules) {
        String share = Format.decimal(rules.share() * 100, 0) + " %";
        return "A run is flagged when its scenario's previous judged run was valid and it is invalid; or when its longest "
                + "unavailability is more than " + share + " above, or its acknowledged sends per second more than " + share
                + " below, the median of the scenario's last " + RegressionRules.RECENT + " runs before it (--drop-share "
                + rules.share() + "). Same scenario: the same scenario name and Kafka release(s); for a run without a scenario, "
                + "the same nemesis list and workload and Kafka release(s).";
    }
}
