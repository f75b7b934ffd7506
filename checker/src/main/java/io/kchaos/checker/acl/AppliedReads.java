package io.kchaos.checker.acl;

import io.kchaos.checker.acl.AclOps.Probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What each broker's authorizer certainly held by a given moment: the highest metadata offset the broker was seen to
 * have published (a probe's offset-after) by a probe answered at least {@link #PUBLISHER_WINDOW_NANOS} before it.
 */
final class AppliedReads {
    /**
     * A broker publishes a metadata image to its metadata cache (which its ApiVersions answers from) before its ACL
     * publisher hands the same image to the authorizer, in one metadata-loader event; an offset is trusted to be in the
     * authorizer once this long has passed since a read showed it published.
     */
    static final long PUBLISHER_WINDOW_NANOS = 1_000_000_000L;

    /** A read of a broker's published offset: the probe answer's index and time, and offset-after. */
    record Read(long index, long time, long offset) {
    }

    /** One node's answered probes, in answer order: each one's answer time, and the read with the highest offset so far. */
    private static final class NodeReads {
        final List<Long> times = new ArrayList<>();
        final List<Read> best = new ArrayList<>();

        void add(Probe p) {
            Read top = best.isEmpty() ? null : best.get(best.size() - 1);
            times.add(p.time());
            best.add(top != null && top.offset() >= p.offsetAfter() ? top : new Read(p.index(), p.time(), p.offsetAfter()));
        }

        /** How many of the probes were answered at or before {@code time} (answer times never decrease). */
        int answeredBy(long time) {
            int lo = 0;
            int hi = times.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (times.get(mid) <= time) lo = mid + 1;
                else hi = mid;
            }
            return lo;
        }
    }

    private final Map<Integer, NodeReads> nodes = new HashMap<>();

    /** The reads of {@code probes}, which are in answer order. */
    AppliedReads(List<Probe> probes) {
        probes.forEach(p -> nodes.computeIfAbsent(p.node(), n -> new NodeReads()).add(p));
    }

    /** The read of {@code node} with the highest offset among those answered at least the window before {@code time}. */
    Optional<Read> before(int node, long time) {
        NodeReads reads = nodes.get(node);
        int n = reads == null ? 0 : reads.answeredBy(time - PUBLISHER_WINDOW_NANOS);
        return n == 0 ? Optional.empty() : Optional.of(reads.best.get(n - 1));
    }
}
