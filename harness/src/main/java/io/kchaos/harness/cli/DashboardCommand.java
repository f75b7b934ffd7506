package io.kchaos.harness.cli;

import io.kchaos.report.dashboard.Dashboard;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code kchaos dashboard STORE}: one page over every run and matrix of a store, with trends and regression flags. */
@Command(name = "dashboard", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write one self-contained page over every run folder and matrix folder of a store: per run its date, scenario,",
                "Kafka version, verdict, anomalies, acks/s, longest unavailability and time to recover; trend plots per scenario;",
                "and a regression flag where a scenario turned invalid, or its longest unavailability rose or its acks/s fell by",
                "more than --drop-share against the median of its last 5 runs. Exit 0 when written (regressions are on the page",
                "and counted on stdout), 2 on bad input."})
final class DashboardCommand implements Callable<Integer> {
    @Parameters(paramLabel = "STORE", description = "the store: the --store of run and matrix (default there: store)")
    Path store;

    @Option(names = "--out", paramLabel = "FILE", description = {"where to write the page (default: STORE/dashboard.html, which kchaos owns and",
            "rewrites); an existing FILE is replaced only when it is an earlier dashboard"})
    Path out;

    @Option(names = "--drop-share", paramLabel = "SHARE", defaultValue = "0.5",
            description = "the change that counts as a regression, in (0, 1) (default ${DEFAULT-VALUE}: 50 %)")
    double dropShare;

    @Override
    public Integer call() {
        Dashboard.Written w = Dashboard.write(store, out, dropShare);
        System.out.println("dashboard: " + w.html());
        System.out.println(w.runs() + " runs, " + w.matrices() + " matrices, " + w.regressions() + " regressions flagged");
        return 0;
    }
}
