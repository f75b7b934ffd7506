package io.kchaos.nemesis.remote;

import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.Capability;

import java.nio.file.Path;

/** The bucket a remote-tier fault acts on, or a one-line refusal when the run has none. */
final class Buckets {
    private Buckets() {
    }

    static Path of(NemesisContext ctx) {
        return ctx.cluster().bucket().orElseThrow(() -> new IllegalStateException(Capability.REMOTE_TIER.need()));
    }
}
