package io.kchaos.bench.suite;

import io.kchaos.history.folder.RunFields;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Prints, per cluster class whose runs printed their phases, the runs' summed cluster start-ups and end steps
 * ({@link RunPhases}), most expensive first: the part of a class's time that is neither its time limits nor its faults.
 */
public final class PhaseTable {
    /** The phase columns, in the order a run takes them. */
    static final List<String> PHASES = List.of(RunPhases.START, RunFields.EndPhase.HEAL, RunFields.EndPhase.WORKLOAD_STOP,
            RunFields.EndPhase.FULL_ISR, RunFields.EndPhase.DRAIN, RunFields.EndPhase.CLEAN_STOP, RunFields.EndPhase.CHECK);

    private final TableFormat format;

    public PhaseTable(TableFormat format) {
        this.format = format;
    }

    /** The table's lines, or none when no class printed a phase. */
    public List<String> lines(List<RunPhases> classes) {
        List<RunPhases> shown = classes.stream().filter(c -> !c.seconds().isEmpty())
                .sorted(Comparator.comparingDouble(RunPhases::total).reversed().thenComparing(RunPhases::className)).toList();
        if (shown.isEmpty()) return List.of();
        List<String> columns = new ArrayList<>(List.of("class", "runs"));
        PHASES.forEach(p -> columns.add(p + " s"));
        columns.add("together s");
        boolean[] numeric = new boolean[columns.size()];
        for (int i = 1; i < numeric.length; i++) numeric[i] = true;
        List<String> lines = new ArrayList<>(format.header(columns, numeric));
        for (RunPhases c : shown) {
            String simple = c.className().substring(c.className().lastIndexOf('.') + 1);
            List<String> row = new ArrayList<>(List.of(simple, Integer.toString(c.runs())));
            PHASES.forEach(p -> row.add(seconds(c.seconds().getOrDefault(p, 0.0))));
            row.add(seconds(c.total()));
            lines.add(format.row(row));
        }
        return lines;
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1f", s);
    }
}
