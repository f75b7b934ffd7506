package io.kchaos.bench;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.report.Format;
import io.kchaos.report.ReportOutput;
import io.kchaos.report.RunReport;

import io.kchaos.testkit.SyntheticRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Times {@link RunReport#write} on a generated run folder: {@code ReportBench [LINES [DIR]]} (default 1,000,000 history
 * lines in a temporary folder) prints the generation time, the report time and the HTML size.
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
    }
}
