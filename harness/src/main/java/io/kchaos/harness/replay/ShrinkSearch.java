package io.kchaos.harness.replay;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The search of {@code kchaos shrink}: from a failing schedule's faults, try smaller ones, halves first, then the
 * schedule without one fault, each candidate run up to {@code tries} times until one run fails; a candidate that
 * failed becomes the schedule to shrink further. Ends when no candidate failed, one fault is left, or the run budget
 * is spent. Real Kafka is not deterministic, so a candidate that did not fail in its tries is not proven safe.
 */
public final class ShrinkSearch {
    /** Runs one replay of a candidate; {@code attempt} counts from 1 within the candidate. */
    public interface Runner {
        Outcome run(Set<Integer> faults, int step, int attempt) throws Exception;
    }

    /** One replay: whether it failed (INVALID), its verdict as printed, and its run folder (null when it left none). */
    public record Outcome(boolean failed, String verdict, Path runDir) {
    }

    /** One candidate: its faults, its replays in order, and whether it became the schedule to shrink further. */
    public record Step(int number, Set<Integer> faults, List<Outcome> runs, boolean kept) {
        public int tries() {
            return runs.size();
        }

        public long failures() {
            return runs.stream().filter(Outcome::failed).count();
        }

        /** "1/2": failed tries / tries. */
        public String rate() {
            return failures() + "/" + tries();
        }
    }

    /** The smallest schedule that failed (the original's faults when no candidate did), and every step. */
    public record Result(Set<Integer> smallest, boolean reduced, List<Step> steps, boolean budgetSpent) {
        public int runs() {
            return steps.stream().mapToInt(Step::tries).sum();
        }
    }

    private final Runner runner;
    private final int tries;
    private final int maxRuns;

    public ShrinkSearch(Runner runner, int tries, int maxRuns) {
        if (tries < 1) throw new IllegalArgumentException("--tries must be at least 1");
        if (maxRuns < 1) throw new IllegalArgumentException("--max-runs must be at least 1");
        this.runner = runner;
        this.tries = tries;
        this.maxRuns = maxRuns;
    }

    public Result search(Set<Integer> faults) throws Exception {
        Set<Integer> current = new TreeSet<>(faults);
        List<Step> steps = new ArrayList<>();
        int runs = 0;
        boolean reduced = false;
        while (current.size() > 1) {
            Step accepted = null;
            for (Set<Integer> candidate : candidates(current)) {
                if (runs >= maxRuns) return new Result(current, reduced, steps, true);
                List<Outcome> outcomes = new ArrayList<>();
                while (outcomes.size() < tries && runs < maxRuns) {
                    Outcome o = runner.run(candidate, steps.size() + 1, outcomes.size() + 1);
                    outcomes.add(o);
                    runs++;
                    if (o.failed()) break;
                }
                boolean failed = outcomes.stream().anyMatch(Outcome::failed);
                Step step = new Step(steps.size() + 1, candidate, List.copyOf(outcomes), failed);
                steps.add(step);
                if (failed) {
                    accepted = step;
                    break;
                }
            }
            if (accepted == null) break;
            current = accepted.faults();
            reduced = true;
        }
        return new Result(current, reduced, steps, false);
    }

    /** Smaller schedules to try, in order: the first half, the second half, then each schedule without one fault. */
    static List<Set<Integer>> candidates(Set<Integer> current) {
        List<Integer> list = new ArrayList<>(current);
        Set<Set<Integer>> out = new LinkedHashSet<>();
        int half = (list.size() + 1) / 2;
        out.add(new TreeSet<>(list.subList(0, half)));
        out.add(new TreeSet<>(list.subList(half, list.size())));
        for (Integer f : list) {
            Set<Integer> without = new TreeSet<>(list);
            without.remove(f);
            out.add(without);
        }
        out.removeIf(s -> s.isEmpty() || s.size() == list.size());
        return List.copyOf(out);
    }
}
