package io.kchaos.report.dashboard;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The store's runs grouped by scenario ({@link SeriesKey}), oldest first, each run judged by the regression rules against the ones before it. */
public final class Trends {
    /** One scenario's readable runs, oldest first. */
    public record Series(SeriesKey key, List<StoreRun> runs) {
    }

    private final List<Series> series;
    private final Map<Path, List<String>> flags;

    private Trends(List<Series> series, Map<Path, List<String>> flags) {
        this.series = series;
        this.flags = flags;
    }

    /** Groups {@code runs} (oldest first) and flags regressions; damaged runs belong to no series. */
    public static Trends of(List<StoreRun> runs, RegressionRules rules) {
        Map<SeriesKey, List<StoreRun>> grouped = new TreeMap<>();
        for (StoreRun r : runs) {
            if (r.problem() == null) grouped.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
        }
        List<Series> series = new ArrayList<>();
        Map<Path, List<String>> flags = new HashMap<>();
        grouped.forEach((key, list) -> {
            series.add(new Series(key, List.copyOf(list)));
            List<RegressionRules.Sample> earlier = new ArrayList<>();
            for (StoreRun r : list) {
                List<String> why = rules.reasons(r.sample(), earlier);
                if (!why.isEmpty()) flags.put(r.dir(), why);
                earlier.add(r.sample());
            }
        });
        return new Trends(List.copyOf(series), flags);
    }

    public List<Series> series() {
        return series;
    }

    /** Why the run is flagged as a regression; empty when it is not. */
    public List<String> flags(StoreRun run) {
        return flags.getOrDefault(run.dir(), List.of());
    }

    /** How many runs are flagged. */
    public int flagged() {
        return flags.size();
    }
}
