package io.kchaos.harness.run;

import io.kchaos.history.folder.RunFields;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where a run's time beyond its time limit goes: the seconds of each step from the limit to the verdict (healing,
 * stopping the workload, the full-ISR wait, the drain, the clean stop, judging), in run.json's {@code end-phases} and
 * on the console, so that a run much longer than its limit says which step took the time.
 */
final class EndPhases {
    private final RunClock clock;
    private final Map<String, Double> seconds = new LinkedHashMap<>();
    private String current;
    private long since;

    EndPhases(RunClock clock) {
        this.clock = clock;
    }

    /** Ends the step under way, if any, and starts {@code phase} (one of {@link RunFields.EndPhase}). */
    synchronized void begin(String phase) {
        end();
        current = phase;
        since = clock.nanoTime();
    }

    /** Ends the step under way; a step begun twice adds up. */
    synchronized void end() {
        if (current == null) return;
        seconds.merge(current, (clock.nanoTime() - since) / 1e9, Double::sum);
        current = null;
    }

    /** The finished steps' seconds, rounded to 0.01 s, in the order they first began. */
    synchronized Map<String, Double> seconds() {
        Map<String, Double> m = new LinkedHashMap<>();
        seconds.forEach((k, v) -> m.put(k, Math.round(v * 100) / 100.0));
        return m;
    }

    /** One console line: {@code end of run: heal 0.4 s, workload-stop 1.0 s, ...}. */
    synchronized String describe() {
        return RunFields.EndPhase.END_LINE + seconds().entrySet().stream().map(e -> e.getKey() + " " + String.format("%.1f s", e.getValue()))
                .collect(Collectors.joining(", "));
    }
}
