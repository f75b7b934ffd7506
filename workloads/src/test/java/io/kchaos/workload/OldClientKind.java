package io.kchaos.workload;

import java.util.Map;
import java.util.function.Supplier;

/** A stand-in for a kafka-clients release older than every {@link ClientFeature}: it has none of them and builds no client. */
public final class OldClientKind implements ClientKind {
    public static final OldClientKind INSTANCE = new OldClientKind();

    private OldClientKind() {
    }

    @Override
    public SendClient sender(WorkloadContext ctx, String clientId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Supplier<PollClient> pollers(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean supports(ClientFeature feature) {
        return false;
    }

    @Override
    public Map<String, String> describe() {
        return Map.of("kind", "java", "version", "3.9.1", "loader", "isolated");
    }
}
