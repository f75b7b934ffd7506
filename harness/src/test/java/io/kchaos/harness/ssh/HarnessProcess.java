package io.kchaos.harness.ssh;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import io.kchaos.harness.run.ChildHarness;

/**
 * {@code kchaos} in a JVM of its own (this test's class path), so that it can be interrupted or SIGKILLed. Closing
 * it interrupts a harness still running (so a failed assertion does not leave a run going on the hosts) and kills it
 * if it does not exit in time.
 */
final class HarnessProcess implements AutoCloseable {
    private static final int CLOSE_SECONDS = 120;

    private final Process process;
    private final StringBuffer output = new StringBuffer();

    private HarnessProcess(Process process) {
        this.process = process;
        long t0 = System.nanoTime();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    output.append(line).append('\n');
                    // echoed with the time since the start, so the class's report shows where a child run spent its time
                    if (!line.startsWith("\t") && !line.contains("] INFO ") && !line.contains("] WARN ") && !line.contains("TimeoutException")) {
                        System.out.printf("[child pid %d, +%.1f s] %s%n", process.pid(), (System.nanoTime() - t0) / 1e9, line);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "harness-output");
        reader.setDaemon(true);
        reader.start();
    }

    static HarnessProcess start(List<String> args) throws IOException {
        return new HarnessProcess(new ProcessBuilder(ChildHarness.command(List.of(), args)).redirectErrorStream(true).start());
    }

    /** Everything the harness printed so far. */
    String output() {
        return output.toString();
    }

    /** Waits until the output has a line containing {@code text}. */
    void awaitLine(String text, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!output.toString().contains(text)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("no '" + text + "' in the harness's output:\n" + output);
            }
            Thread.sleep(200);
        }
    }

    void signal(String signal) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (!process.isAlive()) return;
        signal("INT");
        if (!process.waitFor(CLOSE_SECONDS, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
    }

    void awaitExit(int seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the harness did not exit within " + seconds + " s:\n" + output);
        }
    }
}
