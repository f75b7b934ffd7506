package io.kchaos.harness.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code kchaos run} in a JVM of its own (this JVM's class path and bundled broker), for tests that signal or
 * kill the harness: its output is collected, and a test can wait for a line containing a given text.
 */
public final class ChildHarness {
    private final Process process;
    private final StringBuilder output = new StringBuilder();
    private final CountDownLatch seen = new CountDownLatch(1);
    private final Thread reader;

    private ChildHarness(List<String> runArgs, String awaited) throws IOException {
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(runArgs);
        process = new ProcessBuilder(command(List.of("-Xmx256m"), args)).redirectErrorStream(true).start();
        reader = new Thread(() -> read(awaited), "child-harness-output");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * The command of a kchaos harness in a JVM of its own (this JVM's class path and bundled broker), with
     * {@code jvmOptions} and {@code mainArgs}; SIGINT is reset to its default, since one ignored by this JVM (a test
     * suite started in the background) would be ignored by the child too, and its Ctrl-C handling never run.
     */
    public static List<String> command(List<String> jvmOptions, List<String> mainArgs) {
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT", Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        String libs = System.getProperty("kchaos.kafka.libs");
        if (libs != null) cmd.add("-Dkchaos.kafka.libs=" + libs);
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.kchaos.harness.cli.Main"));
        cmd.addAll(mainArgs);
        return cmd;
    }

    /** Starts {@code kchaos run ARGS}; {@link #awaitLine} waits for a line containing {@code awaited}. */
    public static ChildHarness start(String awaited, String... runArgs) throws IOException {
        return new ChildHarness(List.of(runArgs), awaited);
    }

    private void read(String awaited) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                synchronized (output) {
                    output.append(line).append('\n');
                }
                if (line.contains(awaited)) seen.countDown();
            }
        } catch (IOException ignored) {
            // the harness ended
        }
    }

    /** Waits until the awaited line was printed. */
    public boolean awaitLine(long seconds) throws InterruptedException {
        return seen.await(seconds, TimeUnit.SECONDS);
    }

    public Process process() {
        return process;
    }

    public long pid() {
        return process.pid();
    }

    /** Everything it printed so far. */
    public String output() {
        synchronized (output) {
            return output.toString();
        }
    }

    /** Waits for the output to be read to its end (after the process ended). */
    public void drainOutput() throws InterruptedException {
        reader.join(5000);
    }
}
