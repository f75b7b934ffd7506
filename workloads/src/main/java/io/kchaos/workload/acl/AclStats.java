package io.kchaos.workload.acl;

import java.util.concurrent.atomic.LongAdder;

/**
 * The acl workload's own counts for the results: grants and revokes the controller acknowledged, and probes answered
 * allowed, denied or with no definite answer (info).
 */
final class AclStats {
    final LongAdder grants = new LongAdder();
    final LongAdder revokes = new LongAdder();
    final LongAdder allowed = new LongAdder();
    final LongAdder denied = new LongAdder();
    final LongAdder probeInfo = new LongAdder();

    @Override
    public String toString() {
        return "grants " + grants.sum() + "  revokes " + revokes.sum() + "  probes allowed " + allowed.sum() + "  denied " + denied.sum()
                + "  info " + probeInfo.sum();
    }
}
