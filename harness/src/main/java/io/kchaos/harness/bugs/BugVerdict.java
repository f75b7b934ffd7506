package io.kchaos.harness.bugs;

import io.kchaos.harness.matrix.RunOutcome;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.report.bugs.Exposure;

import java.util.List;

/**
 * The pack's answer for one bug on one release, with its one-line why and the runs behind it.
 *
 * @param evidence the run that decided (the exposing run, else the last run), or null without a run
 * @param seconds  wall time of the runs
 */
public record BugVerdict(KnownBug bug, KafkaVersion release, Exposure exposure, String why, List<RunOutcome> runs, RunOutcome evidence,
                         double seconds) {
    public BugVerdict {
        runs = List.copyOf(runs);
    }

    /** What the catalogue's ranges expect on this release. */
    public Exposure expected() {
        return bug.expected(release);
    }

    public boolean met() {
        return exposure == expected();
    }

    /**
     * True when a decided answer differs from the catalogue's: a release expected safe comes out exposed, or one expected
     * exposed comes out safe. An unexpected inconclusive answer is unmet but contradicts nothing.
     */
    public boolean contradicts() {
        return !met() && exposure != Exposure.INCONCLUSIVE;
    }

    /** "KIP-966 on 4.4.0: expected safe, got exposed". */
    public String mismatch() {
        return bug.id() + " on " + release + ": expected " + expected().word() + ", got " + exposure.word();
    }
}
