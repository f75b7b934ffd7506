package io.kchaos.bench.suite;

import io.kchaos.history.folder.RunFields;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where one cluster class's runs spent the time beyond their limits, read from the console lines the runs printed into
 * the class's {@code <class>-output.txt} beside its report: the runs' cluster start-ups ({@code cluster ready in 7.8 s})
 * and the steps from each time limit to its verdict ({@code end of run: heal 0.4 s, drain 1.2 s, ...}), summed.
 */
public record RunPhases(String className, int runs, Map<String, Double> seconds) {
    /** The column of the start-ups' seconds. */
    public static final String START = "start";
    private static final Pattern READY = Pattern.compile("^" + Pattern.quote(RunFields.EndPhase.READY_LINE) + "([0-9.]+) s");
    private static final Pattern STEP = Pattern.compile("([a-z-]+) ([0-9.]+) s");
    private static final String END = RunFields.EndPhase.END_LINE;

    /** The phases in {@code report}'s output file; no runs when the class printed none (or has no output file). */
    public static RunPhases of(ReportFile report, String className) {
        Path output = report.path().resolveSibling(className + "-output.txt");
        Map<String, Double> sum = new LinkedHashMap<>();
        int runs = 0;
        if (!Files.isRegularFile(output)) return new RunPhases(className, 0, sum);
        try (Stream<String> lines = Files.lines(output, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            for (String line : (Iterable<String>) lines::iterator) {
                Matcher ready = READY.matcher(line);
                if (ready.find()) sum.merge(START, Double.parseDouble(ready.group(1)), Double::sum);
                if (!line.startsWith(END)) continue;
                runs++;
                Matcher step = STEP.matcher(line.substring(END.length()));
                while (step.find()) sum.merge(step.group(1), Double.parseDouble(step.group(2)), Double::sum);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + output, e);
        }
        return new RunPhases(className, runs, sum);
    }

    /** The seconds of every phase together. */
    public double total() {
        return seconds.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
