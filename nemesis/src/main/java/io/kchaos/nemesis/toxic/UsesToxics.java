package io.kchaos.nemesis.toxic;

import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.ToxicControl;

import java.util.Set;

/** A nemesis that acts through the cluster's {@link ToxicControl}: the backend must put its proxies in front of the nodes. */
public interface UsesToxics extends Nemesis {

    @Override
    default Set<Capability> requires() {
        return Set.of(Capability.TOXICS);
    }

    /** The cluster's toxic control; an IllegalStateException naming the nemesis when the backend has none. */
    static ToxicControl control(NemesisContext ctx, String nemesis) {
        return ctx.cluster().toxics().orElseThrow(() -> new IllegalStateException(
                nemesis + " needs Toxiproxy in front of the brokers (--backend docker)"));
    }
}
