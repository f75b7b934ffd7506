package io.kchaos.workload;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The client library a run's producers and consumers speak through ({@code kchaos run --client},
 * {@code --client-version}): the built-in Java client ({@link io.kchaos.workload.common.JavaClientKind}) or another
 * one behind the same seams ({@link SendClient}, {@link PollClient}, {@link TxnClient}, {@link GroupClient}), so that
 * the workload and its history stay the same.
 */
public interface ClientKind {
    /** Builds one producer; bad settings fail here with a one-line {@link IllegalArgumentException}. */
    SendClient sender(WorkloadContext ctx, String clientId);

    /**
     * A factory of consumers with kchaos's defaults, the workload's {@code settings} and the user's on top; settings
     * the library refuses fail here, not in a worker thread.
     */
    Supplier<PollClient> pollers(WorkloadContext ctx, String clientId, Map<String, String> settings);

    /**
     * A factory of transactional producers with kchaos's defaults, the workload's {@code settings} (its
     * transactional.id) and the user's on top; refused settings fail here, as for {@link #pollers}.
     */
    default Supplier<TxnClient> transactional(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        throw new UnsupportedOperationException("the " + describe().get("kind") + " client has no transactional producer here");
    }

    /** A factory of consumer-group members, settings layered and checked as for {@link #pollers}. */
    default Supplier<GroupClient> members(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        throw new UnsupportedOperationException("the " + describe().get("kind") + " client has no group consumer here");
    }

    /** Whether the library has {@code feature} (the built-in client has them all). */
    default boolean supports(ClientFeature feature) {
        return true;
    }

    /** What run.json records under {@code client}: at least {@code kind}, and the library's versions. */
    Map<String, String> describe();
}
