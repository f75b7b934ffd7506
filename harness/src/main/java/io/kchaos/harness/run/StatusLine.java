package io.kchaos.harness.run;

import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** Prints a live one-line status every few seconds: phase, elapsed/remaining time, op counts, the active fault. */
public final class StatusLine implements AutoCloseable {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "status-line");
        t.setDaemon(true);
        return t;
    });

    public StatusLine(PrintStream out, int periodSeconds, Supplier<String> line) {
        timer.scheduleAtFixedRate(() -> out.println(line.get()), periodSeconds, periodSeconds, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
