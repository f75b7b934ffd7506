package io.kchaos.checker.raft;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What the observations prove committed: every offset below the highest announced high watermark (the floor), and for
 * an offset the observation that bounds its committed entry's epoch most tightly (the lowest announcing epoch among
 * the high watermarks above it).
 */
final class CommittedFloor {
    /** By high watermark, highest first. */
    private final List<QuorumObservation> byWatermark;
    /** For each prefix of {@link #byWatermark}, the observation with the lowest epoch bound in it. */
    private final QuorumObservation[] tightest;

    private CommittedFloor(List<QuorumObservation> byWatermark) {
        this.byWatermark = byWatermark;
        this.tightest = new QuorumObservation[byWatermark.size()];
        QuorumObservation best = null;
        for (int i = 0; i < byWatermark.size(); i++) {
            QuorumObservation o = byWatermark.get(i);
            if (best == null || o.epochBound() < best.epochBound()) best = o;
            tightest[i] = best;
        }
    }

    static CommittedFloor of(Collection<QuorumObservation> observations) {
        return new CommittedFloor(observations.stream()
                .sorted(Comparator.comparingLong(QuorumObservation::highWatermark).reversed()).toList());
    }

    /** True when there is no observation (the audit then behaves as without a floor). */
    boolean isEmpty() {
        return byWatermark.isEmpty();
    }

    /** The highest high watermark observed: offsets below it were committed; 0 without observations. */
    long floor() {
        return byWatermark.isEmpty() ? 0 : byWatermark.get(0).highWatermark();
    }

    /** The observation that proves {@code offset} committed with the lowest epoch bound, or empty when none covers it. */
    Optional<QuorumObservation> proof(long offset) {
        int lo = 0; // finds how many observations have a high watermark above offset: a prefix of byWatermark
        int hi = byWatermark.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (byWatermark.get(mid).highWatermark() > offset) lo = mid + 1;
            else hi = mid;
        }
        return lo == 0 ? Optional.empty() : Optional.of(tightest[lo - 1]);
    }

    /** The distinct high watermarks, where {@link #proof} may change. */
    List<Long> watermarks() {
        return byWatermark.stream().map(QuorumObservation::highWatermark).distinct().toList();
    }
}
