package io.kchaos.harness.replay;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.harness.compare.RunSummary;
import io.kchaos.nemesis.replay.RecordedSchedule;

import java.util.ArrayList;
import java.util.List;

/** What a replay says on the console: before the run, the schedule it replays; after it, its verdict beside the original's. */
public final class ReplayBanner {
    private ReplayBanner() {
    }

    /** The schedule, one line a fault, the reader's notes, and the ops a shorter time limit leaves out. */
    public static List<String> start(ReplaySource source, RecordedSchedule kept, int timeLimitSeconds) {
        List<String> out = new ArrayList<>();
        out.add("replaying " + kept.faults().size() + " of the " + source.schedule().faults().size() + " faults of " + source.dir()
                + " (original verdict: " + original(source) + "):");
        kept.describe().forEach(l -> out.add("  " + l));
        source.schedule().notes().forEach(n -> out.add("  note: " + n));
        long late = kept.steps().stream().filter(s -> s.time() > timeLimitSeconds * 1_000_000_000L).count();
        if (late > 0) out.add("  note: " + late + " op(s) lie past the time limit of " + timeLimitSeconds + " s: the final heal does what they did");
        out.add("  Kafka is not deterministic: the same faults at the same moments need not give the same outcome");
        return out;
    }

    private static String original(ReplaySource source) {
        return RunSummary.load(source.dir()).verdict().name();
    }

    /** "replay of RUN (faults 1, 2 of 2): INVALID; the original: INVALID". */
    public static String outcome(ReplaySource source, RecordedSchedule kept, CheckResult result) {
        return "replay of " + source.dir() + " (faults " + kept.faults() + " of " + source.schedule().faults().size() + "): "
                + result.verdict().name() + "; the original: " + original(source);
    }
}
