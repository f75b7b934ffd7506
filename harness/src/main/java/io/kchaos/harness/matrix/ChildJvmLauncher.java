package io.kchaos.harness.matrix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs each cell's {@code kchaos run} in a JVM of its own, on this JVM's class path, its output passed through: a
 * fresh process per run keeps each run's client log in its own folder and one run's crash from ending the matrix.
 * The harness's own {@code kchaos.*} and {@code maven.repo.local} system properties are passed on.
 */
public final class ChildJvmLauncher implements RunLauncher {
    private volatile Process current;

    public ChildJvmLauncher() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            Process p = current;
            if (p != null) p.destroy();
        }, "kchaos-matrix-cleanup"));
    }

    @Override
    public int launch(List<String> runArgs) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String opts = System.getenv("KCHAOS_JAVA_OPTS");
        if (opts != null && !opts.isBlank()) cmd.addAll(List.of(opts.trim().split("\\s+")));
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("kchaos.") || name.equals("maven.repo.local")) cmd.add("-D" + name + "=" + System.getProperty(name));
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("io.kchaos.harness.cli.Main");
        cmd.add("run");
        cmd.addAll(runArgs);
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        current = p;
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            throw e;
        } finally {
            current = null;
        }
    }
}
