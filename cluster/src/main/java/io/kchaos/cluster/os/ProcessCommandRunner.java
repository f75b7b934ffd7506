package io.kchaos.cluster.os;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs commands as real child processes with a bounded wait (30 s), capturing stdout and stderr. */
public final class ProcessCommandRunner implements CommandRunner {
    private static final long TIMEOUT_SECONDS = 30;

    @Override
    public CommandResult run(List<String> command) {
        Process p;
        try {
            p = new ProcessBuilder(command).start();
        } catch (IOException e) {
            return new CommandResult(127, "", "cannot run " + command.get(0) + ": " + e.getMessage());
        }
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new CommandResult(124, "", "timed out after " + TIMEOUT_SECONDS + " s: " + String.join(" ", command));
            }
            return new CommandResult(p.exitValue(), out.join(), err.join());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return new CommandResult(130, "", "interrupted");
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
