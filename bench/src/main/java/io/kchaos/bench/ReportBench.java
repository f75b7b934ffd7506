package io.kchaos.bench;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.report.Format;
import io.kchaos.report.ReportOutput;
import io.kchaos.report.write.RunReport;
import io.kchaos.report.scan.HistoryDigest;
import io.kchaos.report.scan.HistoryScan;
import io.kchaos.history.HistoryFile;

import io.kchaos.testkit.SyntheticRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Times {@link RunReport#write} on a generated run folder: {@code ReportBench [LINES [DIR]]} (default 1,000,000 history
 * lines in a temporary folder) prints the generation time, the report time and the HTML size; then the history pass
 * alone, once with the report's skimming reader and once with the checker's reader ({@link HistoryFile}), and whether
 * both gave the same figures.
 */
public final class ReportBench {
    private static final long DEFAULT_LINES = 1_000_000L;

    private ReportBench() {
    }

    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
    }

    public static void main(String[] args) throws IOException {
        long lines = args.length > 0 ? Long.parseLong(args[0]) : DEFAULT_LINES;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("kchaos-bench");
        long t0 = System.nanoTime();
        long written = SyntheticRun.write(dir, lines, true, 42);
        long t1 = System.nanoTime();
        long cpu1 = processCpuNanos();
        ReportOutput out = RunReport.write(dir);
        long t2 = System.nanoTime();
        long cpu2 = processCpuNanos();
        System.out.printf("run folder        %s%n", dir);
        System.out.printf("history           %d lines, %s%n", written, Format.bytes(Files.size(new RunFiles(dir).history())));
        System.out.printf("generated in      %.2f s%n", (t1 - t0) / 1e9);
        System.out.printf("report written in %.2f s wall, %s s CPU (all threads, JIT and GC included)%n", (t2 - t1) / 1e9,
                cpu1 < 0 ? "unknown" : String.format("%.2f", (cpu2 - cpu1) / 1e9));
        System.out.printf("report.html       %s%n", Format.bytes(Files.size(out.html())));
        System.out.printf("junit.xml         %s%n", Format.bytes(Files.size(out.junit())));
        System.out.printf("verdict           %s%n", out.verdict());
        Path history = dir.resolve("history.jsonl");
        for (int round = 1; round <= 2; round++) {
            long s0 = System.nanoTime();
            long c0 = processCpuNanos();
            HistoryDigest skimmed = HistoryScan.scan(history, List.of());
            long s1 = System.nanoTime();
            long c1 = processCpuNanos();
            HistoryDigest parsed = HistoryScan.scan(HistoryFile.open(history), List.of());
            long s2 = System.nanoTime();
            long c2 = processCpuNanos();
            boolean same = skimmed.ops() == parsed.ops() && skimmed.end() == parsed.end()
                    && java.util.Arrays.equals(skimmed.progress().unseen(), parsed.progress().unseen())
                    && java.util.Arrays.equals(skimmed.progress().lagSeconds(), parsed.progress().lagSeconds());
            System.out.printf("history pass %d    skimming reader %.2f s wall, %.2f s CPU; checker's reader %.2f s wall, %.2f s CPU;"
                    + " same figures: %s%n", round, (s1 - s0) / 1e9, (c1 - c0) / 1e9, (s2 - s1) / 1e9, (c2 - c1) / 1e9, same);
        }
    }
}
