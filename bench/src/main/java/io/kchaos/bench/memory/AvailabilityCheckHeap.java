package io.kchaos.bench.memory;

import io.kchaos.checker.Checker;
import io.kchaos.checker.availability.AvailabilityChecker;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.testkit.QueueHistoryGenerator;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The availability checker's heap on a long history (issue 41). {@code AvailabilityCheckHeap generate FILE MINUTES RATE}
 * writes a queue history of MINUTES at RATE completed sends per second; {@code AvailabilityCheckHeap judge FILE [CLASS]}
 * judges it once with the {@link AvailabilityChecker} (or another checker class on the class path, e.g. the reference
 * in checker/target/test-classes) and prints the seconds, the largest heap after a collection and the state the checker
 * holds at the end of its pass per acknowledged send. Run the judge with the flags of {@code kchaos check}.
 */
public final class AvailabilityCheckHeap {
    private AvailabilityCheckHeap() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 4 && args[0].equals("generate")) {
            long sends = Math.round(Double.parseDouble(args[2]) * 60 * Long.parseLong(args[3]));
            QueueHistoryGenerator.Summary s = QueueHistoryGenerator.write(QueueHistoryGenerator.Settings.ofSends(sends), Path.of(args[1]));
            System.out.printf(Locale.ROOT, "history: %,d lines, %,d sends%n", s.ops(), s.sends());
        } else if (args.length >= 2 && args[0].equals("judge")) {
            Checker checker = args.length > 2 ? (Checker) Class.forName(args[2]).getDeclaredConstructor().newInstance() : new AvailabilityChecker();
            judge(Path.of(args[1]), checker);
        } else {
            System.err.println("usage: AvailabilityCheckHeap generate FILE MINUTES RATE | judge FILE [CHECKER_CLASS]");
            System.exit(2);
        }
    }

    private static void judge(Path file, Checker checker) {
        MeasuredPass.Figures f = MeasuredPass.of(checker, HistoryFile.open(file));
        CheckResult r = f.result();
        long acked = countAcked(file);
        var availability = r.stats().path(ResultsFields.Stats.AVAILABILITY);
        System.out.println(checker.getClass().getName() + ": " + availability.path(ResultsFields.Availability.FAULTS).size() + " faults, "
                + availability.path(ResultsFields.Availability.OK_SENDS_PER_S) + " ok sends/s");
        System.out.printf(Locale.ROOT, "check: %.1f s wall, %.1f s CPU (a full collection at the end of the pass included)%n", f.wallSeconds(), f.cpuSeconds());
        System.out.printf(Locale.ROOT, "largest heap after a collection: %.0f MB%n", f.maxAfterGcBytes() / 1e6);
        System.out.printf(Locale.ROOT, "checker state at the end of the pass: %.1f MB, %.2f bytes per acknowledged send (%,d acknowledged)%n",
                f.stateBytes() / 1e6, (double) f.stateBytes() / Math.max(1, acked), acked);
    }

    /** The acknowledged sends, counted in a pass of their own after the measurement. */
    private static long countAcked(Path file) {
        long[] n = {0};
        HistoryFile.open(file).forEach(op -> {
            if (op.isOk() && ClientOps.SEND.equals(op.f())) n[0]++;
        });
        return n[0];
    }
}
