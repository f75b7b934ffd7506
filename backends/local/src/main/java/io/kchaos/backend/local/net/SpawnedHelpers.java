package io.kchaos.backend.local.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/** {@link HelperProcesses} as child processes; their output is read on a daemon thread (first the ready line, then drained). */
public final class SpawnedHelpers implements HelperProcesses {
    private static final String READY = "ready";
    private static final String EXITED = "\0exited";

    @Override
    public Handle start(List<String> command, Duration readyTimeout) {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0), e);
        }
        BlockingQueue<String> lines = new ArrayBlockingQueue<>(64);
        Thread reader = new Thread(() -> read(p, lines), "helper-output-" + p.pid());
        reader.setDaemon(true);
        reader.start();
        StringBuilder output = new StringBuilder();
        long deadline = System.nanoTime() + readyTimeout.toNanos();
        try {
            while (true) {
                String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line != null && line.equals(READY)) return new Spawned(p);
                if (line == null || line.equals(EXITED)) break;
                output.append(line.strip()).append(' ');
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stop(p);
        throw new IllegalStateException("helper did not become ready (" + command.get(0) + "): " + output.toString().strip());
    }

    /** A helper that printed ready. */
    private record Spawned(Process process) implements Handle {
        @Override
        public void stop() {
            SpawnedHelpers.stop(process);
        }

        @Override
        public long pid() {
            return process.pid();
        }

        @Override
        public boolean alive() {
            return process.isAlive();
        }
    }

    private static void read(Process p, BlockingQueue<String> lines) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) lines.offer(line);
        } catch (IOException ignored) {
            // the helper went away
        }
        lines.offer(EXITED);
    }

    private static void stop(Process p) {
        p.destroy();
        try {
            if (!p.waitFor(3, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
