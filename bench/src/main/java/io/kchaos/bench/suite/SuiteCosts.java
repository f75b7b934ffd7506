package io.kchaos.bench.suite;

import io.kchaos.history.folder.RunFields;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints what each test class of the last {@code mvn verify} cost, from the Failsafe (cluster) and Surefire (unit)
 * reports under a root, sorted by time with the totals and their share of the 35-minute budget.
 * {@code bench/suite-costs [--cluster-only|--phases] [--markdown|--tsv] [ROOT]}; exit 2 with one line on bad input.
 */
public final class SuiteCosts {
    private SuiteCosts() {
    }

    public static void main(String[] args) {
        System.exit(run(args, Path.of(""), System.out, System.err));
    }

    /** Runs the command, printing the table to {@code out} or one line to {@code err}; returns the exit code. */
    public static int run(String[] args, Path defaultRoot, PrintStream out, PrintStream err) {
        try {
            SuiteCostsOptions options = SuiteCostsOptions.parse(args, defaultRoot);
            if (options.phases()) {
                List<String> lines = new PhaseTable(options.format()).lines(phases(options));
                if (lines.isEmpty()) throw new BadReports("no cluster class's output under " + options.root().toAbsolutePath().normalize()
                        + " holds a run's phases (\"" + RunFields.EndPhase.READY_LINE.trim() + "\", \"" + RunFields.EndPhase.END_LINE.trim()
                        + "\"): run the cluster tests first");
                lines.forEach(out::println);
                return 0;
            }
            new CostTable(options.format()).lines(costs(options)).forEach(out::println);
            return 0;
        } catch (BadReports e) {
            err.println("suite-costs: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) { // a report no one foresaw: still one line, never a stack trace
            err.println("suite-costs: " + e);
            return 2;
        }
    }

    private static List<RunPhases> phases(SuiteCostsOptions options) throws BadReports {
        ReportParser parser = new ReportParser();
        List<RunPhases> phases = new ArrayList<>();
        for (ReportFile report : reports(options)) {
            phases.add(RunPhases.of(report, parser.parse(report).className()));
        }
        return phases;
    }

    private static List<ReportFile> reports(SuiteCostsOptions options) throws BadReports {
        List<ReportFile> reports = new ReportLocator(options.kinds()).find(options.root());
        if (reports.isEmpty()) {
            String where = options.clusterOnly() ? "target/failsafe-reports" : "target/failsafe-reports or target/surefire-reports";
            throw new BadReports("no TEST-*.xml in any module's " + where + " under " + options.root().toAbsolutePath().normalize()
                    + " (run mvn -B verify first)");
        }
        return reports;
    }

    private static List<ClassCost> costs(SuiteCostsOptions options) throws BadReports {
        ReportParser parser = new ReportParser();
        List<ClassCost> costs = new ArrayList<>();
        for (ReportFile report : reports(options)) {
            costs.add(parser.parse(report));
        }
        return costs;
    }
}
