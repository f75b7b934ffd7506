package io.kchaos.bench.suite;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@code bench/suite-costs}' command line: {@code [--cluster-only|--phases] [--markdown|--tsv] [ROOT]}; {@code --phases}
 * prints the cluster classes' run phases ({@link PhaseTable}) instead of their costs.
 */
public record SuiteCostsOptions(Path root, boolean clusterOnly, TableFormat format, boolean phases) {
    public static final String USAGE = "usage: bench/suite-costs [--cluster-only|--phases] [--markdown|--tsv] [ROOT]";

    /** The options {@code args} give, ROOT defaulting to {@code defaultRoot}; {@link BadReports} on anything else. */
    public static SuiteCostsOptions parse(String[] args, Path defaultRoot) throws BadReports {
        Path root = null;
        boolean clusterOnly = false;
        boolean phases = false;
        TableFormat format = TableFormat.MARKDOWN;
        for (String arg : args) {
            switch (arg) {
                case "--cluster-only" -> clusterOnly = true;
                case "--phases" -> phases = true;
                case "--markdown" -> format = TableFormat.MARKDOWN;
                case "--tsv" -> format = TableFormat.TSV;
                default -> {
                    if (arg.startsWith("-") || root != null) {
                        throw new BadReports("unexpected argument " + arg + "; " + USAGE);
                    }
                    root = Path.of(arg);
                }
            }
        }
        return new SuiteCostsOptions(root == null ? defaultRoot : root, clusterOnly || phases, format, phases);
    }

    /** The kinds of report to read: Failsafe's alone with {@code --cluster-only}, else both. */
    public Set<Kind> kinds() {
        return clusterOnly ? EnumSet.of(Kind.CLUSTER) : EnumSet.allOf(Kind.class);
    }
}
