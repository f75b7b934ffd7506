package io.kchaos.harness.replay;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FormatVersion;
import io.kchaos.history.Json;
import io.kchaos.nemesis.replay.RecordedSchedule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code kchaos shrink} found, as text (printed, and shrink.txt) and as shrink.json in the shrink's folder: the
 * original run, each step's faults, tries, reproduction rate and run folders, and the smallest schedule that failed.
 */
public final class ShrinkReport {
    static final String NONDETERMINISM = "Kafka is not deterministic: a schedule that did not fail in its tries is not proven"
            + " safe, and one that failed may not fail every time (the rate is failed tries / tries)";

    private ShrinkReport() {
    }

    /** The text summary, one line each. */
    public static List<String> lines(ReplaySource source, ShrinkSearch.Result result, int tries, double wallSeconds) {
        List<String> out = new ArrayList<>();
        RecordedSchedule all = source.schedule();
        out.add("shrink of " + source.dir() + " (" + all.faults().size() + " faults, failed in the original run), up to " + tries
                + " tries per candidate:");
        for (ShrinkSearch.Step s : result.steps()) {
            out.add(String.format("  step %d: faults %s: %s in %d tries (reproduction rate %s)%s", s.number(), s.faults(),
                    s.failures() > 0 ? "FAILED" : "did not fail", s.tries(), s.rate(), s.kept() ? " -> kept" : ""));
        }
        if (result.reduced()) {
            out.add("smallest schedule that still failed: faults " + result.smallest() + " of " + all.faults().size() + ":");
        } else {
            out.add("no smaller schedule failed; the smallest that failed is the original's, faults " + result.smallest() + ":");
        }
        all.keep(result.smallest()).describe().forEach(l -> out.add("  " + l));
        if (result.budgetSpent()) out.add("  (stopped: the run budget, --max-runs, was spent)");
        out.add("reproduce it: kchaos run --replay-faults " + source.dir() + " --replay-keep "
                + String.join(",", result.smallest().stream().map(String::valueOf).toList()));
        out.add(String.format("%d runs in %.0f s", result.runs(), wallSeconds));
        out.add(NONDETERMINISM);
        return out;
    }

    /** Writes shrink.json and shrink.txt into {@code dir}. */
    public static void write(Path dir, ReplaySource source, ShrinkSearch.Result result, int tries, double wallSeconds) {
        ObjectNode j = Json.object();
        j.put(FormatVersion.FIELD, FormatVersion.CURRENT);
        j.put("original", source.dir().toString());
        j.put("original-faults", source.schedule().faults().size());
        j.put("tries-per-candidate", tries);
        ArrayNode steps = j.putArray("steps");
        for (ShrinkSearch.Step s : result.steps()) {
            ObjectNode o = steps.addObject();
            o.put("step", s.number());
            o.set("faults", Json.MAPPER.valueToTree(s.faults()));
            o.put("tries", s.tries());
            o.put("failed", s.failures());
            o.put("reproduction-rate", s.rate());
            o.put("kept", s.kept());
            ArrayNode runs = o.putArray("runs");
            s.runs().forEach(r -> runs.addObject().put("verdict", r.verdict())
                    .put("run", r.runDir() == null ? null : dir.relativize(r.runDir().toAbsolutePath()).toString()));
        }
        j.set("smallest", Json.MAPPER.valueToTree(result.smallest()));
        j.put("reduced", result.reduced());
        j.set("smallest-schedule", Json.MAPPER.valueToTree(source.schedule().keep(result.smallest()).describe()));
        j.put("runs", result.runs());
        j.put("wall-seconds", Math.round(wallSeconds));
        j.put("note", NONDETERMINISM);
        try {
            Json.PRETTY.writeValue(dir.resolve("shrink.json").toFile(), j);
            Files.write(dir.resolve("shrink.txt"), lines(source, result, tries, wallSeconds));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the shrink's summary in " + dir + ": " + e.getMessage(), e);
        }
    }
}
