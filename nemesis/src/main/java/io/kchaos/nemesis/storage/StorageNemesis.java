package io.kchaos.nemesis.storage;

import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.StorageControl;

/** Reaches the data directory faults of a context's cluster, or says in one line why this backend has none. */
final class StorageNemesis {
    private StorageNemesis() {
    }

    static StorageControl storage(NemesisContext ctx, String nemesis) {
        return ctx.cluster().storage().orElseThrow(() -> new IllegalStateException(
                "nemesis '" + nemesis + "' needs the nodes' data directories, which this backend does not reach"));
    }
}
