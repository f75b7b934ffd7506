package io.kchaos.nemesis.toxic;

import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.ToxicControl;

/** A fault that acts through the cluster's {@link ToxicControl}: the backend must put Toxiproxy in front of the nodes. */
public interface UsesToxics extends FaultInjector {
    /** The cluster's toxic control; an IllegalStateException naming the fault when the backend has none. */
    static ToxicControl control(NemesisContext ctx, String fault) {
        return ctx.cluster().toxics().orElseThrow(() -> new IllegalStateException(
                fault + " needs Toxiproxy in front of the brokers (--backend docker)"));
    }
}
