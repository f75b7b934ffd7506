package io.kchaos.workload;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The client library the plain producers and pollers of a run speak through ({@code kchaos run --client}): the
 * built-in Java client ({@link io.kchaos.workload.common.JavaClientKind}) or another one behind the same
 * {@link SendClient} and {@link PollClient} seam, so that the workload and its history stay the same.
 */
public interface ClientKind {
    /** Builds one producer; bad settings fail here with a one-line {@link IllegalArgumentException}. */
    SendClient sender(WorkloadContext ctx, String clientId);

    /**
     * A factory of consumers with kchaos's defaults, the workload's {@code settings} and the user's on top; settings
     * the library refuses fail here, not in a worker thread.
     */
    Supplier<PollClient> pollers(WorkloadContext ctx, String clientId, Map<String, String> settings);

    /** What run.json records under {@code client}: at least {@code kind}, and the library's versions. */
    Map<String, String> describe();
}
