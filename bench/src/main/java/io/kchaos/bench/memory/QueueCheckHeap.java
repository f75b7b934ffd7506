package io.kchaos.bench.memory;

import io.kchaos.checker.queue.QueueChecker;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The child JVM of {@link CheckMemoryBench}: {@code QueueCheckHeap HISTORY} judges the history (a file, or a named pipe
 * read once by the same reader) with the {@link QueueChecker} once, in whatever heap the JVM was given, and prints the
 * verdict, the seconds, the largest heap left after a collection and the heap the checker holds at the end of its pass
 * (after full collections).
 */
public final class QueueCheckHeap {
    private QueueCheckHeap() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        // a named pipe, which HistoryFile.open refuses (kchaos check reads a history more than once), is read once here
        HistoryFile source = Files.isRegularFile(file) ? HistoryFile.open(file) : new HistoryFile(file);
        MeasuredPass.Figures f = MeasuredPass.of(new QueueChecker(), source);
        CheckResult r = f.result();
        long acked = r.stats().path(ClientOps.SEND).path("ok").asLong();
        System.out.println("verdict: " + r.verdict() + " " + r.anomalyTypes().stream().map(t -> t + "=" + r.count(t)).toList());
        System.out.printf(Locale.ROOT, "heap limit: %.0f MB%n", Runtime.getRuntime().maxMemory() / 1e6);
        System.out.printf(Locale.ROOT, "check: %.1f s wall, %.1f s CPU (the full collection at the end of the pass included)%n", f.wallSeconds(), f.cpuSeconds());
        System.out.printf(Locale.ROOT, "largest heap after a collection: %.0f MB%n", f.maxAfterGcBytes() / 1e6);
        System.out.printf(Locale.ROOT, "checker state at the end of the pass: %.0f MB, %.1f bytes per acknowledged send (%,d acknowledged)%n",
                f.stateBytes() / 1e6, (double) f.stateBytes() / Math.max(1, acked), acked);
    }
}
