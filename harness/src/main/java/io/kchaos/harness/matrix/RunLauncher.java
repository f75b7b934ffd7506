package io.kchaos.harness.matrix;

import java.util.List;

/** Runs one {@code kchaos run} with the given arguments (without the word {@code run}) and returns its exit code. */
@FunctionalInterface
public interface RunLauncher {
    int launch(List<String> runArgs) throws Exception;
}
