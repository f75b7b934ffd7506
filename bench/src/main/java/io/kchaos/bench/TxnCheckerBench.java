package io.kchaos.bench;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.txn.TxnChecker;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.folder.ResultsFields;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Times {@link TxnChecker} with and without its dependency graph over a generated transaction history:
 * {@code TxnCheckerBench [OPS] [--rounds=R]} writes OPS lines (default 1,000,000) with {@link TxnHistoryGenerator} to
 * a temporary file, then R times (default 3) judges it from the file both ways, printing each judgement's wall and CPU
 * seconds, GC seconds and peak heap, then the medians, the graph's size and the verdict (valid under kafka, with the write
 * cycles the interleaving makes listed as allowed).
 */
public final class TxnCheckerBench {
    private TxnCheckerBench() {
    }

    public static void main(String[] args) throws IOException {
        long ops = 1_000_000;
        int rounds = 3;
        for (String a : args) {
            if (a.startsWith("--rounds=")) rounds = Math.max(1, Integer.parseInt(a.substring("--rounds=".length())));
            else ops = Long.parseLong(a.replace("_", ""));
        }
        Path file = Files.createTempFile("kchaos-txn-bench-", ".jsonl");
        try {
            long t0 = System.nanoTime();
            TxnHistoryGenerator.Summary s = TxnHistoryGenerator.write(ops, file);
            System.out.printf(Locale.ROOT, "generated %,d ops (%,d committed, %,d aborted transactions, %,d records drained) in %.1f s: %.0f MB%n",
                    s.ops(), s.committed(), s.aborted(), s.records(), (System.nanoTime() - t0) / 1e9, Files.size(file) / 1e6);
            double[] without = new double[rounds];
            double[] with = new double[rounds];
            double[] peakWithout = new double[rounds];
            double[] peakWith = new double[rounds];
            double[] cpuWithout = new double[rounds];
            double[] cpuWith = new double[rounds];
            CheckResult last = null;
            for (int r = 0; r < rounds; r++) {
                judge("without graph", file, TxnChecker::withoutGraph, r, without, cpuWithout, peakWithout);
                last = judge("with graph", file, TxnChecker::new, r, with, cpuWith, peakWith);
            }
            System.out.printf(Locale.ROOT, "medians of %d rounds: without graph %.2f s wall, %.2f s CPU, peak heap %.0f MB | with graph "
                            + "%.2f s wall, %.2f s CPU, peak heap %.0f MB | the graph costs %.2f s wall, %.2f s CPU%n", rounds,
                    Measured.median(without), Measured.median(cpuWithout), Measured.median(peakWithout), Measured.median(with),
                    Measured.median(cpuWith), Measured.median(peakWith), Measured.median(with) - Measured.median(without),
                    Measured.median(cpuWith) - Measured.median(cpuWithout));
            CheckResult result = last;
            System.out.println("graph " + result.stats().path(ResultsFields.Stats.TXN).path("dependency-graph") + "; verdict " + result.verdict()
                    + " under " + result.model().name() + ": " + result.anomalyTypes().stream()
                    .map(t -> t + "=" + result.count(t) + (result.forbidden(t) ? " forbidden" : " allowed")).toList());
            result.warnings().forEach(w -> System.out.println("warning: " + w));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static CheckResult judge(String label, Path file, Supplier<TxnChecker> checker, int round, double[] seconds, double[] cpu,
                                     double[] peakMb) {
        Measured m = Measured.start();
        CheckResult r = checker.get().check(HistoryFile.open(file));
        seconds[round] = m.seconds();
        cpu[round] = m.cpuSeconds();
        peakMb[round] = m.peakBytes() / 1e6;
        System.out.printf(Locale.ROOT, "round %d %-13s %.2f s wall, %.2f s CPU, GC %.2f s, peak heap %.0f MB (baseline %.0f MB)%n",
                round + 1, label, seconds[round], cpu[round], m.gcSeconds(), peakMb[round], m.baselineBytes() / 1e6);
        return r;
    }
}
